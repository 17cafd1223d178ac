import Papa from 'papaparse';

// Bills exported from 支付宝 and 微信支付, read into plain rows. The files are as the apps
// write them: a block of header lines (name, period, totals, notes), then the table.
// - 支付宝 CSV: GBK-encoded; order numbers end in a tab (so Excel keeps them as text).
// - 微信支付 CSV: UTF-8 with a BOM; amounts as '¥12.50'; order numbers end in a tab.
// - 微信支付 XLSX: the same table in the first sheet.
// Bytes in, rows out: the browser passes the file's bytes, tests pass fixtures.

export type BillSource = 'alipay' | 'wechat';

export const billSourceLabels: Record<BillSource, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
};

/** 收/支: 支出, 收入, or neither (支付宝 不计收支, 微信 中性交易 shown as '/'). */
type BillDirection = 'expense' | 'income' | 'neutral';

export interface BillRow {
  source: BillSource;
  /** The row's line in the file (1-based; the sheet's row for XLSX), for messages. */
  line: number;
  /** As written: '2024-03-01 12:34:56'. */
  time: string;
  date: string;
  direction: BillDirection;
  /** 交易分类 (支付宝) or 交易类型 (微信支付). */
  sourceCategory: string;
  counterparty: string;
  /** 商品说明 / 商品. */
  item: string;
  amountCents: number;
  method: string;
  /** 交易状态 / 当前状态. */
  status: string;
  orderNo: string;
  merchantOrderNo: string;
  note: string;
}

export interface BillProblem {
  line: number;
  message: string;
}

export type ParsedBill =
  | { ok: true; source: BillSource; rows: BillRow[]; problems: BillProblem[] }
  | { ok: false; message: string };

// The table's columns by the names either app (and older export versions) gives them.
const COLUMNS = {
  time: ['交易时间', '交易创建时间', '付款时间'],
  sourceCategory: ['交易分类', '交易类型', '类型'],
  counterparty: ['交易对方'],
  item: ['商品说明', '商品', '商品名称'],
  direction: ['收/支'],
  amount: ['金额', '金额(元)', '金额（元）'],
  method: ['收/付款方式', '支付方式'],
  status: ['交易状态', '当前状态'],
  orderNo: ['交易订单号', '交易单号', '交易号'],
  merchantOrderNo: ['商家订单号', '商户单号'],
  note: ['备注'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: readonly Column[] = ['time', 'direction', 'amount'];

/** Spaces, tabs (the apps end order numbers in one) and the BOM go; '/' means empty in 微信. */
function clean(cell: unknown): string {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return text === '/' ? '' : text;
}

function isHeader(cells: readonly string[]): boolean {
  const names = new Set(cells.map(clean));
  return REQUIRED.every((column) => COLUMNS[column].some((name) => names.has(name)));
}

/** '¥1,234.50', '1234.5', ' 12 ' → cents, exactly; null when it is not an amount. */
export function parseAmountCents(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[¥￥,\s]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function parseDate(text: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(text);
  if (!m) return null;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}

function directionOf(text: string): BillDirection {
  if (text === '支出') return 'expense';
  if (text === '收入') return 'income';
  return 'neutral';
}

function sourceOf(header: readonly string[], fallback: BillSource): BillSource {
  const names = new Set(header.map(clean));
  if (names.has('交易订单号') || names.has('交易分类') || names.has('收/付款方式')) return 'alipay';
  if (names.has('交易单号') || names.has('交易类型') || names.has('当前状态')) return 'wechat';
  return fallback;
}

/**
 * The table from its header row on: one BillRow per transaction. Rows after the table that
 * are not transactions (a closing line of dashes, a count) are left out; a row that looks
 * like a transaction but cannot be read is reported, never dropped in silence.
 */
function billFromTable(table: readonly (readonly unknown[])[], fallback: BillSource): ParsedBill {
  const cells = table.map((row) => row.map(clean));
  const headerIndex = cells.findIndex(isHeader);
  if (headerIndex === -1) {
    return {
      ok: false,
      message:
        '没有找到账单表格（缺少“交易时间”“收/支”“金额”列），请选择支付宝或微信支付导出的账单文件',
    };
  }
  const header = cells[headerIndex]!;
  const source = sourceOf(header, fallback);
  const at = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) {
    at[column] = header.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
  }
  const get = (row: readonly string[], column: Column) =>
    at[column] === -1 ? '' : (row[at[column]] ?? '');

  const rows: BillRow[] = [];
  const problems: BillProblem[] = [];
  for (let i = headerIndex + 1; i < cells.length; i++) {
    const row = cells[i]!;
    const line = i + 1;
    const time = get(row, 'time');
    const date = parseDate(time);
    if (!date) {
      // Blank lines and the closing block after the table; anything else is worth a word.
      if (row.some((c) => /\d+\.\d{2}/.test(c)))
        problems.push({ line, message: `无法识别的交易时间“${time}”` });
      continue;
    }
    const amountText = get(row, 'amount');
    const amountCents = parseAmountCents(amountText);
    if (amountCents === null) {
      problems.push({ line, message: `无法识别的金额“${amountText}”` });
      continue;
    }
    rows.push({
      source,
      line,
      time,
      date,
      direction: directionOf(get(row, 'direction')),
      sourceCategory: get(row, 'sourceCategory'),
      counterparty: get(row, 'counterparty'),
      item: get(row, 'item'),
      amountCents,
      method: get(row, 'method'),
      status: get(row, 'status'),
      orderNo: get(row, 'orderNo'),
      merchantOrderNo: get(row, 'merchantOrderNo'),
      note: get(row, 'note'),
    });
  }
  return { ok: true, source, rows, problems };
}

type DecoderClass = new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };
// TextDecoder is in every browser and in Node; src/domain is type-checked without either.
const Decoder = (globalThis as unknown as { TextDecoder: DecoderClass }).TextDecoder;

/**
 * A CSV file's text: UTF-8 when the bytes are UTF-8 (微信支付, with or without a BOM), else
 * GBK (支付宝). GBK bytes of Chinese text are almost never valid UTF-8, so the test decides.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new Decoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new Decoder('gbk').decode(bytes);
  }
}

/** A CSV bill: the header block is skipped line by line, the table parsed by papaparse. */
export function parseBillCsv(bytes: Uint8Array): ParsedBill {
  const text = decodeCsv(bytes);
  const lines = text.split(/\r\n|\n|\r/);
  // The header block is free text (a stray quote in a note would throw papaparse off), so the
  // table is found first and only the table is parsed as CSV.
  const start = lines.findIndex((line) => isHeader(line.split(',')));
  if (start === -1) return billFromTable([], 'alipay');
  // The delimiter is given: papaparse would guess a tab, from the tabs after order numbers.
  const { data } = Papa.parse(lines.slice(start).join('\n'), { delimiter: ',' });
  const parsed = billFromTable(data, text.includes('微信') ? 'wechat' : 'alipay');
  // Lines are counted from the table's start by papaparse; report them as lines of the file.
  // (A quoted cell with a line break makes this approximate; the message still finds the row.)
  if (!parsed.ok) return parsed;
  const shift = (line: number) => line + start;
  return {
    ...parsed,
    rows: parsed.rows.map((r) => ({ ...r, line: shift(r.line) })),
    problems: parsed.problems.map((p) => ({ ...p, line: shift(p.line) })),
  };
}

type SheetReader = typeof import('@e965/xlsx');

export const XLSX_READER_UNAVAILABLE =
  '无法加载 Excel 读取组件：首次导入 .xlsx 账单需要联网，请联网后重试，或改用 CSV 账单';

/** SheetJS's smallest build (XLSX and CSV only), fetched when an XLSX file is picked. */
async function loadSheetReader(): Promise<SheetReader> {
  const module = (await import('@e965/xlsx/dist/xlsx.mini.min')) as SheetReader & {
    default?: SheetReader;
  };
  // A CommonJS build: bundlers and Node hand its exports over as the default.
  return module.default ?? module;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A cell as the CSV would have written it; dates as local 'YYYY-MM-DD HH:mm:ss'. */
function sheetCell(value: unknown): string {
  if (value instanceof Date) {
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  return value === null || value === undefined ? '' : String(value);
}

/** A 微信支付 XLSX bill: the first sheet holds the same header block and table as the CSV. */
export async function parseBillXlsx(bytes: Uint8Array): Promise<ParsedBill> {
  let XLSX: SheetReader;
  try {
    XLSX = await loadSheetReader();
  } catch {
    // The reader is not part of the offline copy (vite.config.ts): it comes on first use.
    return { ok: false, message: XLSX_READER_UNAVAILABLE };
  }
  let table: unknown[][];
  try {
    const book = XLSX.read(bytes, { type: 'array', cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) return { ok: false, message: '表格文件里没有工作表' };
    table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
  } catch {
    return { ok: false, message: '无法读取这个 Excel 文件，请确认它是微信支付导出的 .xlsx 账单' };
  }
  return billFromTable(
    table.map((row) => row.map(sheetCell)),
    'wechat',
  );
}

/** XLSX files are ZIP archives: they start with 'PK'. */
function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/** Any supported bill file, told apart by its bytes rather than its name. */
export function parseBillFile(bytes: Uint8Array): Promise<ParsedBill> {
  return isXlsx(bytes) ? parseBillXlsx(bytes) : Promise.resolve(parseBillCsv(bytes));
}
