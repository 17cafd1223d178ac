import type { AccountInput } from '../schemas/account';
import type { AccountType } from '../schemas/categories';
import { MAX_REMEMBERED } from '../schemas/defaults';
import type { CategoryRules } from '../schemas/settings';
import { type BillTransfer, transferOf } from './accounts';
import { guessCategory } from './keywords';
import type { BillRow } from './parse';

// From bill rows to the records an import would save: type, category, amount and a reason
// for every row left out by default. The user sees all of it in the preview and may change
// any of it before anything is saved.

/** The rule table that ships: 交易分类 (支付宝) and 交易类型 (微信支付) → our category. */
const DEFAULT_IMPORT_RULES: CategoryRules = {
  expense: {
    餐饮美食: 'dining',
    交通出行: 'transport',
    爱车养车: 'transport',
    日用百货: 'shopping',
    服饰装扮: 'shopping',
    数码电器: 'shopping',
    美容美发: 'shopping',
    母婴亲子: 'shopping',
    家居家装: 'shopping',
    文化休闲: 'entertainment',
    运动户外: 'entertainment',
    酒店旅游: 'entertainment',
    医疗健康: 'medical',
    教育培训: 'education',
    住房物业: 'housing',
    充值缴费: 'housing',
  },
  income: {
    转账红包: 'gift',
    微信红包: 'gift',
    投资理财: 'investment',
  },
};

export interface ImportDraft {
  /** The record's id: the same row of the same file always gets the same one. */
  id: string;
  row: BillRow;
  type: AccountType;
  category: string;
  /** What the record will hold: the bill's amount less any refund the bill names. */
  amountCents: number;
  description: string;
  /** Why the row is left out unless the user includes it; null when it is included. */
  skipReason: string | null;
  /**
   * For a 不计收支 / 中性交易 row that moves money between the user's own accounts (accounts.ts
   * `transferOf`): the two sides, and the row becomes a 转账, never income or expense.
   */
  transfer: BillTransfer | null;
}

export interface ImportRules {
  importRules: CategoryRules;
  counterparties: CategoryRules;
}

/** 交易失败, 交易关闭, 已全额退款, 已撤销…: nothing was (finally) paid. */
const NOTHING_PAID = /失败|关闭|全额退款|撤销|已取消/;
/** 微信支付's 当前状态 on a partly refunded payment: '已退款(￥5.00)' or '已退款￥5.00'. */
const PARTLY_REFUNDED = /已退款[（(]?\s*[¥￥]?\s*([\d,]+(?:\.\d{1,2})?)/;

const isRefundRow = (row: BillRow) =>
  row.status === '退款成功' || row.sourceCategory === '退款' || /退款/.test(row.sourceCategory);

function refundedCents(row: BillRow): number {
  const m = PARTLY_REFUNDED.exec(row.status);
  if (!m) return 0;
  const [whole, fraction = ''] = m[1]!.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 交易对方 · 商品说明, without repeating a name the item also carries. */
function describe(row: BillRow): string {
  const parts = [row.counterparty, row.item].filter(
    (p, i, all) => p !== '' && all.indexOf(p) === i,
  );
  return parts.join(' · ').slice(0, 500);
}

/** What the rule table (the user's rules over the shipped ones) says for a 交易分类. */
export function ruleCategory(
  type: AccountType,
  sourceCategory: string,
  importRules: CategoryRules,
): string {
  return importRules[type][sourceCategory] ?? DEFAULT_IMPORT_RULES[type][sourceCategory] ?? 'other';
}

/**
 * A row's category: the user's own word first (the counterparty's remembered category, then
 * their rule for the 交易分类), then the shipped 交易分类 table, then what the counterparty and
 * the goods name (keywords.ts), and 其他 only when nothing says anything.
 */
export function categoryFor(type: AccountType, row: BillRow, rules: ImportRules): string {
  return (
    rules.counterparties[type][row.counterparty] ??
    rules.importRules[type][row.sourceCategory] ??
    DEFAULT_IMPORT_RULES[type][row.sourceCategory] ??
    guessCategory(type, `${row.counterparty} ${row.item}`) ??
    'other'
  );
}

// cyrb53 (a public-domain 53-bit string hash), run with two seeds for ~106 bits: ids of
// different rows colliding would merge two transactions, so the margin is generous.
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/** A ~106-bit hash of `text` in 22 characters of [0-9a-z]: ids made from content. */
export function hashText(text: string): string {
  return `${cyrb53(text, 1)}${cyrb53(text, 2)}`;
}

/**
 * A row's id from its source, order number and content. The order number alone is not
 * enough: a file may repeat one for two transactions (a payment and its refund, a split
 * payment), and those must stay two records. Rows identical in every field are told apart by
 * their count so far, which is the same each time the same file is read.
 */
function rowIds(rows: readonly BillRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const content = JSON.stringify([
      row.source,
      row.orderNo,
      row.time,
      row.direction,
      row.amountCents,
      row.counterparty,
      row.item,
      row.merchantOrderNo,
    ]);
    const n = seen.get(content) ?? 0;
    seen.set(content, n + 1);
    const key = `${content}#${n}`;
    return `${row.source}-${hashText(key)}`;
  });
}

/** Every row as a draft record, with the rules applied and the usual rows left out. */
export function draftsFromRows(rows: readonly BillRow[], rules: ImportRules): ImportDraft[] {
  const ids = rowIds(rows);
  const drafts: ImportDraft[] = rows.map((row, i) => {
    const type: AccountType = row.direction === 'income' ? 'income' : 'expense';
    const refunded = row.direction === 'expense' ? refundedCents(row) : 0;
    const amountCents = row.amountCents - refunded;
    const transfer = transferOf(row);
    let skipReason: string | null = null;
    if (transfer) skipReason = null;
    else if (row.direction === 'neutral')
      skipReason = row.source === 'alipay' ? '不计收支' : '中性交易';
    else if (isRefundRow(row)) skipReason = '退款';
    else if (NOTHING_PAID.test(row.status)) skipReason = row.status;
    else if (amountCents <= 0) skipReason = '已全额退款';
    return {
      id: ids[i]!,
      row,
      type,
      category: categoryFor(type, row, rules),
      amountCents: Math.max(0, amountCents),
      description: describe(row),
      skipReason,
      transfer,
    };
  });
  settleAlipayRefunds(drafts);
  return drafts;
}

/**
 * 支付宝 lists a partial refund as its own row under the original's 商家订单号 and leaves the
 * original at its full amount. A refund that really reverses an expense is taken off that
 * expense here, so the books hold what was finally paid.
 */
function settleAlipayRefunds(drafts: ImportDraft[]): void {
  const originals = new Map<string, ImportDraft>();
  for (const d of drafts) {
    if (
      d.row.source === 'alipay' &&
      d.skipReason === null &&
      d.type === 'expense' &&
      d.row.merchantOrderNo
    ) {
      originals.set(d.row.merchantOrderNo, d);
    }
  }
  for (const refund of drafts) {
    if (refund.row.source !== 'alipay' || !isRefundRow(refund.row) || !refund.row.merchantOrderNo)
      continue;
    const original = originals.get(refund.row.merchantOrderNo);
    if (!original || original === refund) continue;
    original.amountCents = Math.max(0, original.amountCents - refund.row.amountCents);
    if (original.amountCents === 0) original.skipReason = '已全额退款';
    refund.skipReason = '退款（已从原交易扣除）';
  }
}

/** The body that saves a draft as a bookkeeping record, paid from or into `walletId`. */
export function draftToInput(
  draft: Pick<ImportDraft, 'id' | 'type' | 'amountCents' | 'category' | 'description' | 'row'>,
  walletId: string | null = null,
): AccountInput & { id: string } {
  return {
    id: draft.id,
    type: draft.type,
    amount: draft.amountCents / 100,
    category: draft.category,
    description: draft.description,
    date: draft.row.date,
    walletId,
  };
}

/**
 * The counterparty memory after an import: each choice the user made by hand is kept for its
 * counterparty and type. The map stays at most MAX_REMEMBERED long by forgetting the oldest.
 */
export function rememberCounterparties(
  current: CategoryRules,
  choices: readonly { type: AccountType; counterparty: string; category: string }[],
): CategoryRules {
  const maps = {
    expense: new Map(Object.entries(current.expense)),
    income: new Map(Object.entries(current.income)),
  };
  for (const { type, counterparty, category } of choices) {
    if (counterparty === '' || counterparty.length > 100) continue;
    const map = maps[type] as Map<string, string>;
    // Re-inserting moves the name to the end: the most recent choices survive the cap.
    map.delete(counterparty);
    map.set(counterparty, category);
    if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
  }
  return {
    expense: Object.fromEntries(maps.expense) as CategoryRules['expense'],
    income: Object.fromEntries(maps.income) as CategoryRules['income'],
  };
}

/** The distinct 交易分类 / 交易类型 of a file with how many rows each has, most rows first. */
export function sourceCategories(
  drafts: readonly ImportDraft[],
): { type: AccountType; sourceCategory: string; count: number }[] {
  const counts = new Map<string, { type: AccountType; sourceCategory: string; count: number }>();
  for (const d of drafts) {
    if (d.skipReason !== null || d.transfer || d.row.sourceCategory === '') continue;
    const key = `${d.type}\u0000${d.row.sourceCategory}`;
    const entry = counts.get(key) ?? {
      type: d.type,
      sourceCategory: d.row.sourceCategory,
      count: 0,
    };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}
