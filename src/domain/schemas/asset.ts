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
  pickedCategorySchema,
  requiredTextSchema,
  storedSyncFields,
  textSchema,
} from './common';

const fields = {
  type: z.enum(assetTypes, { error: '类型无效' }),
  name: requiredTextSchema('名称', 100),
  category: pickedCategorySchema,
  amount: nonNegativeAmountSchema,
  description: textSchema(500),
  /** The created date. */
  date: dateSchema,
  /** When the value took effect; '' means "use date" (docs/spec.md §3). */
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

type Fields = {
  id?: string;
  type: (typeof assetTypes)[number];
  category: string;
  version: number;
  originalId: string | null;
  previousVersionId: string | null;
};

const CHAIN_LINKS = ['originalId', 'previousVersionId'] as const;

function checkAsset(v: Fields, ctx: z.RefinementCtx) {
  checkCategory(v.type === 'asset' ? assetCategories : liabilityCategories, v.category, ctx);
  // A first version starts its chain (docs/spec.md §4): links on it would graft it onto another one.
  // That later links name a chain of the caller's own is the server's check (it needs the store).
  for (const link of CHAIN_LINKS) {
    if (v[link] === null) continue;
    if (v.version === 1) {
      ctx.addIssue({ code: 'custom', path: [link], message: '第 1 版不能指向其他版本' });
    } else if (v[link] === v.id) {
      ctx.addIssue({ code: 'custom', path: [link], message: '不能指向自身' });
    }
  }
}

export const assetInputSchema = z
  .object({ ...fields, id: idSchema.optional(), ...editedAtField })
  .superRefine(checkAsset);

export const assetSchema = z
  .object({ ...fields, id: idSchema, ...storedSyncFields })
  .superRefine(checkAsset);

export type AssetInput = z.input<typeof assetInputSchema>;
export type AssetData = z.output<typeof assetInputSchema>;
export type Asset = z.output<typeof assetSchema>;

const assetHistoryActions = ['create', 'update', 'delete'] as const;
export type AssetHistoryAction = (typeof assetHistoryActions)[number];

// A snapshot is an asset record, checked as one: only its fields are kept, so what is stored is
// flat and of bounded size whatever was sent (a snapshot nested 1,000 levels deep, stored as
// sent, makes the owner's history list fail for good).
const snapshotSchema = assetSchema
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const historyFields = {
  assetId: idSchema,
  assetName: requiredTextSchema('名称', 100),
  action: z.enum(assetHistoryActions, { error: '操作类型无效' }),
  oldData: snapshotSchema,
  newData: snapshotSchema,
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

// Its kind as record-schemas.ts and schema-loaders.ts know it: the stored record and the input.
export const assetSchemas = { record: assetSchema, input: assetInputSchema };
export const assetHistorySchemas = { record: assetHistorySchema, input: assetHistoryInputSchema };
