import { z } from 'zod';
import { assetCategories, assetTypes, liabilityCategories } from './categories';
import {
  checkCategory,
  dateSchema,
  editedAtField,
  idSchema,
  isoTimestampSchema,
  nonNegativeAmountSchema,
  optionalDateSchema,
  requiredTextSchema,
  storedSyncFields,
  textSchema,
} from './common';

const fields = {
  type: z.enum(assetTypes, { error: '类型无效' }),
  name: requiredTextSchema('名称', 100),
  category: requiredTextSchema('分类', 40),
  amount: nonNegativeAmountSchema,
  description: textSchema(500),
  /** The created date. */
  date: dateSchema,
  /** When the value took effect; '' means "use date" (SPEC §3). */
  effectiveDate: optionalDateSchema,
  version: z.number().int().min(1, { message: '版本号至少为 1' }).default(1),
  /** Id of the first version of the chain; null on version 1. */
  originalId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  previousVersionId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};

type Fields = { type: (typeof assetTypes)[number]; category: string };

function categoryMatchesType(v: Fields, ctx: z.RefinementCtx) {
  checkCategory(v.type === 'asset' ? assetCategories : liabilityCategories, v.category, ctx);
}

export const assetInputSchema = z
  .object({ ...fields, id: idSchema.optional(), ...editedAtField })
  .superRefine(categoryMatchesType);

export const assetSchema = z
  .object({ ...fields, id: idSchema, ...storedSyncFields })
  .superRefine(categoryMatchesType);

export type AssetInput = z.input<typeof assetInputSchema>;
export type AssetData = z.output<typeof assetInputSchema>;
export type Asset = z.output<typeof assetSchema>;

const assetHistoryActions = ['create', 'update', 'delete'] as const;
export type AssetHistoryAction = (typeof assetHistoryActions)[number];

// Snapshots are kept as they were written: a history entry must still read after the
// asset schema grows a field, so its snapshots are checked loosely (an object or null).
const snapshotSchema = z.record(z.string(), z.unknown()).nullable().optional();

const historyFields = {
  assetId: idSchema,
  assetName: requiredTextSchema('名称', 100),
  action: z.enum(assetHistoryActions, { error: '操作类型无效' }),
  oldData: snapshotSchema.transform((v) => (v ?? null) as Asset | null),
  newData: snapshotSchema.transform((v) => (v ?? null) as Asset | null),
  timestamp: isoTimestampSchema,
};

export const assetHistoryInputSchema = z.object({
  ...historyFields,
  id: idSchema.optional(),
  ...editedAtField,
});
export const assetHistorySchema = z.object({ ...historyFields, id: idSchema, ...storedSyncFields });

export type AssetHistoryData = z.output<typeof assetHistoryInputSchema>;
export type AssetHistoryEntry = z.output<typeof assetHistorySchema>;
