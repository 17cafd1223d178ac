import { formatCents, toCents } from './money';
import type { Account } from './schemas/account';
import { accountCategoryLabels, accountTypeLabels, labelOf } from './schemas/categories';

// CSV that Excel opens with Chinese intact: UTF-8 with a byte-order mark (without it Excel
// reads the bytes in the system's ANSI code page), CRLF line ends (RFC 4180), and every text
// cell that Excel would read as a formula neutralised (OWASP "CSV Injection").

const BOM = '\uFEFF';

/** Characters that make Excel, LibreOffice or Sheets evaluate a cell; tab and CR too (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

type Cell = string | number | boolean | null | undefined;

/** One cell: a text that could start a formula gets a leading ', then quoting where needed. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  // A number the program wrote is a number to Excel too, even a negative one.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: BOM, then each row on its own CRLF-terminated line. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Amounts as plain decimals ('12.50'), which Excel sums; the ¥ display form would be text. */
function plainAmount(yuan: number): string {
  return formatCents(toCents(yuan)).replace(/[¥,]/g, '');
}

/** The ledger as 记账 shows it: labels in Chinese, one row per record, in the order given. */
export function ledgerCsv(records: readonly Account[]): string {
  const header = ['日期', '类型', '分类', '金额', '备注', '报销状态', '周期记账'];
  const rows = records.map((r) => [
    r.date,
    accountTypeLabels[r.type],
    labelOf(accountCategoryLabels(r.type), r.category),
    plainAmount(r.amount),
    r.description,
    r.type === 'expense' && r.category === 'reimbursement'
      ? r.reimbursed
        ? '已报销'
        : '待报销'
      : '',
    r.templateId ? '是' : '',
  ]);
  return toCsv([header, ...rows]);
}

/**
 * Any list of the export file: one column per field seen in any record, in first-seen order;
 * nested values (asset history snapshots) as JSON text.
 */
export function recordsCsv(records: readonly unknown[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  const objects = records.filter(
    (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
  );
  for (const record of objects) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const cell = (value: unknown): Cell =>
    value === null || value === undefined || typeof value !== 'object'
      ? (value as Cell)
      : JSON.stringify(value);
  return toCsv([columns, ...objects.map((r) => columns.map((c) => cell(r[c])))]);
}

export function csvFileName(name: string, today: string): string {
  return `${name}-${today}.csv`;
}
