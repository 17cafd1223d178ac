import { z } from 'zod';

// Every schema imports this module first, so this runs before any schema is built:
// - jitless: zod probes `new Function` to compile fast parsers, which the app's
//   Content-Security-Policy (no unsafe-eval) forbids; the probe alone logs a violation.
// - zh-CN: the rules here carry their own Chinese messages; this covers zod's generic ones
//   (a string where a number belongs) on forms, imports and API errors alike.
z.config({ jitless: true, ...z.locales.zhCN() });

// The largest amount a record may hold. Cents of it still fit in a JS safe integer, and
// ten years of such sums do too, so statistics in cents never lose precision.
export const MAX_AMOUNT = 1_000_000_000_000;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` string naming a day that exists (2024-02-29 yes, 2023-02-29 no). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 onto 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True when a number has at most two decimals, tolerating binary noise such as 0.1 + 0.2. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  // The noise grows with the magnitude (a double near 10^14 cents is only exact to ~0.02), so a
  // fixed tolerance would reject valid large amounts. A few units in the last place stays far
  // below the half cent that separates 1.005 from a two-decimal value, up to MAX_AMOUNT. Purely
  // relative: an absolute floor (1e-6 cents, say) lets 1e-9 through as "0.00", which is then
  // stored as 0 in a record whose amount must be above 0.
  const tolerance = Math.abs(cents) * Number.EPSILON * 8;
  return Math.abs(cents - Math.round(cents)) <= tolerance;
}

/** The years a date may fall in: wide for any real record, narrow enough to catch a mistyped year. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

export const dateSchema = z
  .string({ error: '请填写日期' })
  .refine(isValidDate, { message: '日期格式应为 YYYY-MM-DD 且真实存在' })
  .refine(
    (v) => {
      const year = Number(v.slice(0, 4));
      // A malformed date already has its issue.
      return !isValidDate(v) || (year >= MIN_YEAR && year <= MAX_YEAR);
    },
    { message: `日期应在 ${MIN_YEAR} 年至 ${MAX_YEAR} 年之间` },
  );

/** An optional date: absent, null or '' all mean "none" and are stored as ''. */
export const optionalDateSchema = z
  .union([z.literal(''), z.null(), dateSchema])
  .optional()
  .transform((v) => v ?? '');

export const isoTimestampSchema = z.iso.datetime({ offset: true, message: '时间戳格式无效' });

/**
 * A hybrid logical clock stamp (src/domain/hlc.ts), or '' — what a record stored before stamps
 * reads back with, so that reading a record and sending it back (an API client, an export of
 * an older version) is not refused.
 */
const stampSchema = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z-[0-9A-F]{4}-[0-9a-f]{16})?$/, {
    message: '时间戳格式无效',
  });

/**
 * Sent with a write: the editing device's time and its hybrid logical clock stamp, so that of
 * two devices' edits to one record the later one wins (docs/architecture.md, Decisions "Conflicts"). The server
 * keeps them as `editedAt` and `stamp`; a write from before stamps has neither.
 */
export const editedAtField = {
  editedAt: isoTimestampSchema.optional(),
  stamp: stampSchema.optional(),
};

/**
 * What the server stamps on every stored record: `updatedAt`, the time of its last write (the
 * version a device edits from), and `editedAt`. Read loosely: a record written before they
 * existed, or straight into a store by a test, has none.
 */
export const storedSyncFields = {
  updatedAt: z.string().optional(),
  editedAt: z.string().optional(),
  stamp: z.string().optional(),
};

// Client ids are accepted so that a re-upload is idempotent. Legacy ids from the original
// app are numbers-as-strings, so any short, URL-safe token is allowed, not only UUIDs.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const idSchema = z
  .string()
  .regex(ID_PATTERN, { message: 'id 只能包含字母、数字、- 和 _，最长 64 位' });

export const textSchema = (max: number) =>
  z
    .string()
    .max(max, { message: `最多 ${max} 个字符` })
    .optional()
    .nullable()
    .transform((v) => v ?? '');

/**
 * 分类 picked from a list (记账, 周期记账, 资产): none picked says 请选择分类 (the glossary's),
 * not 请选择分类, since there is nothing to type.
 */
export const pickedCategorySchema = z
  .string({ error: '请选择分类' })
  .trim()
  .min(1, { message: '请选择分类' })
  .max(40, { message: '分类最多 40 个字符' });

export const requiredTextSchema = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { message: `请填写${label}` })
    .max(max, { message: `${label}最多 ${max} 个字符` });

const amountBase = z
  .number({ error: '请输入有效金额' })
  .refine(Number.isFinite, { message: '请输入有效金额' })
  .refine(hasAtMostTwoDecimals, { message: '金额最多两位小数' })
  .refine((v) => v <= MAX_AMOUNT, { message: '金额过大' });

/** A bookkeeping amount: yuan with at most 2 decimals, so at least 0.01. */
export const positiveAmountSchema = amountBase.refine((v) => v > 0, { message: '金额必须大于 0' });

/** An asset or liability value: 0 or at least 0.01 (a paid-off loan, an empty account). */
export const nonNegativeAmountSchema = amountBase.refine((v) => v >= 0, {
  message: '金额不能为负数',
});

/**
 * Adds an issue on `category` when the key does not belong to the record's type. With
 * `others` (the built-in keys of the other type, for 记账's 分类 of one's own, issue 61), any
 * other id is accepted: a category of the user's own, which the schema cannot look up.
 */
export function checkCategory(
  allowed: readonly string[],
  category: string,
  ctx: z.RefinementCtx,
  others?: readonly string[],
): void {
  // A blank category already carries its "required" issue; a second one would only repeat it.
  if (category === '' || allowed.includes(category)) return;
  if (others && !others.includes(category)) {
    if (!ID_PATTERN.test(category)) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: '分类无效' });
    }
    return;
  }
  ctx.addIssue({ code: 'custom', path: ['category'], message: '分类与类型不匹配' });
}
