import { BUILT_IN_BOOK, type CategoryBook } from './categories';
import { formatCents, toCents } from './money';
import type { ResourceName } from './resources';
import type { Account } from './schemas/account';
import {
  accountTypeLabels,
  assetCategoryLabelsFor,
  assetTypeLabels,
  checkinCategoryLabels,
  checkinTypeLabels,
  labelOf,
  taskCategoryLabels,
  taskPriorityLabels,
  timeCategoryLabels,
  walletTypeLabels,
  workoutTypeLabels,
} from './schemas/categories';
import type { RecurringInput } from './schemas/recurring';

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

/** 标签 in one cell, as the rows show them: '#旅行 #成都' (issue 63). */
function tagsCell(tags: unknown): string {
  return Array.isArray(tags) ? tags.map((t) => `#${String(t)}`).join(' ') : '';
}

interface Names {
  /** The user's categories (issue 61): a 子分类 reads `宠物 / 猫粮`. */
  book?: CategoryBook;
  /** 账户 names by id; an entry naming one that is gone reads 已删除的账户. */
  wallets?: ReadonlyMap<string, string>;
}

/** The ledger as 记账 shows it: labels in Chinese, one row per record, in the order given. */
export function ledgerCsv(
  records: readonly Account[],
  { book = BUILT_IN_BOOK, wallets = new Map() }: Names = {},
): string {
  const header = ['日期', '类型', '分类', '账户', '金额', '备注', '报销状态', '周期记账', '标签'];
  const rows = records.map((r) => [
    r.date,
    accountTypeLabels[r.type],
    book.label(r.type, r.category),
    r.walletId ? (wallets.get(r.walletId) ?? '已删除的账户') : '',
    plainAmount(r.amount),
    r.description,
    r.type === 'expense' && r.category === 'reimbursement'
      ? r.reimbursed
        ? '已报销'
        : '待报销'
      : '',
    r.templateId ? '是' : '',
    tagsCell(r.tags),
  ]);
  return toCsv([header, ...rows]);
}

// Column headings of 导出 CSV, in the words the screens use (docs/spec.md "Glossary"); a field not named
// here keeps its key. Fields whose meaning differs per list are named per list.
const COMMON_HEADERS: Readonly<Record<string, string>> = {
  id: '编号',
  date: '日期',
  type: '类型',
  category: '分类',
  amount: '金额',
  name: '名称',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  editedAt: '编辑时间',
  tags: '标签',
};

const HEADERS: Partial<Record<ResourceName, Readonly<Record<string, string>>>> = {
  accounts: {
    description: '备注',
    templateId: '周期记账',
    reimbursed: '已报销',
    reimbursedBy: '报销收入',
    walletId: '账户',
  },
  assets: {
    description: '备注',
    effectiveDate: '生效日期',
    version: '版本',
    originalId: '原始编号',
    previousVersionId: '上一版本',
  },
  workouts: { type: '运动类型', duration: '时长（分钟）', calories: '卡路里', notes: '备注' },
  timeRecords: { task: '任务名称', duration: '时长（秒）', taskId: '任务编号' },
  tasks: {
    title: '标题',
    description: '描述',
    priority: '优先级',
    dueDate: '截止日期',
    completed: '已完成',
    completedAt: '完成时间',
  },
  assetHistory: {
    assetId: '资产编号',
    assetName: '名称',
    action: '操作',
    oldData: '修改前',
    newData: '修改后',
    timestamp: '时间',
  },
  checkinTasks: { description: '描述', frequency: '频率', monthlyTarget: '每月目标' },
  checkinRecords: { taskId: '打卡任务编号', completed: '已完成' },
  recurring: {
    description: '备注',
    every: '每隔',
    unit: '周期',
    startDate: '开始日期',
    endDate: '结束日期',
    lastDate: '上次记账',
    paused: '已暂停',
  },
  wallets: {
    type: '账户类型',
    openingBalance: '初始余额',
    archived: '已归档',
    order: '排序',
    creditLimit: '额度',
    statementDay: '账单日',
    dueDay: '还款日',
  },
  categories: {
    name: '名称',
    parentId: '上级分类',
    icon: '图标',
    order: '排序',
    hidden: '已隐藏',
  },
  transfers: {
    fromWalletId: '转出账户',
    toWalletId: '转入账户',
    fee: '手续费',
    note: '备注',
  },
};

// schemas/recurring's labels, restated: importing them would pull zod into the 记账 screen,
// which reads this module for its ledger export. The type keeps the two lists in step.
const RECURRING_UNITS = {
  day: '天',
  week: '周',
  month: '月',
  year: '年',
} as const satisfies Record<RecurringInput['unit'], string>;

const HISTORY_ACTIONS: Readonly<Record<string, string>> = {
  create: '新增',
  update: '修改',
  delete: '删除',
};

type Row = Record<string, unknown>;

/** The label a stored key stands for in this list (支出, 餐饮, 高 …); other values as they are. */
function labelCell(
  kind: ResourceName,
  field: string,
  value: unknown,
  row: Row,
  book: CategoryBook,
): unknown {
  if (field === 'tags') return tagsCell(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value !== 'string' || value === '') return value;
  const type = String(row.type ?? '');
  switch (`${kind}.${field}`) {
    case 'accounts.type':
    case 'recurring.type':
    case 'categories.type':
      return labelOf(accountTypeLabels, value);
    case 'accounts.category':
    case 'recurring.category':
      return type in accountTypeLabels
        ? book.label(type as keyof typeof accountTypeLabels, value)
        : value;
    case 'recurring.unit':
      return labelOf(RECURRING_UNITS, value);
    case 'wallets.type':
      return labelOf(walletTypeLabels, value);
    case 'assets.type':
      return labelOf(assetTypeLabels, value);
    case 'assets.category':
      return type in assetTypeLabels
        ? labelOf(assetCategoryLabelsFor(type as keyof typeof assetTypeLabels), value)
        : value;
    case 'workouts.type':
      return labelOf(workoutTypeLabels, value);
    case 'timeRecords.category':
      return labelOf(timeCategoryLabels, value);
    case 'tasks.priority':
      return labelOf(taskPriorityLabels, value);
    case 'tasks.category':
      return labelOf(taskCategoryLabels, value);
    case 'checkinTasks.type':
      return labelOf(checkinTypeLabels, value);
    case 'checkinTasks.category':
      return labelOf(checkinCategoryLabels, value);
    case 'assetHistory.action':
      return HISTORY_ACTIONS[value] ?? value;
    default:
      return value;
  }
}

/**
 * Any list of the export file: one column per field seen in any record, in first-seen order;
 * nested values (asset history snapshots) as JSON text. Given the list's kind, the headings
 * and the stored keys (expense, dining) are the Chinese the screens show (支出, 餐饮).
 */
export function recordsCsv(
  records: readonly unknown[],
  kind?: ResourceName,
  book: CategoryBook = BUILT_IN_BOOK,
): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  const objects = records.filter(
    (r): r is Row => typeof r === 'object' && r !== null && !Array.isArray(r),
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
  const header = kind ? columns.map((c) => HEADERS[kind]?.[c] ?? COMMON_HEADERS[c] ?? c) : columns;
  const value = kind
    ? (row: Row, c: string) => cell(labelCell(kind, c, row[c], row, book))
    : (row: Row, c: string) => cell(row[c]);
  return toCsv([header, ...objects.map((r) => columns.map((c) => value(r, c)))]);
}

export function csvFileName(name: string, today: string): string {
  return `${name}-${today}.csv`;
}
