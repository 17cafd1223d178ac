import { formatYuan } from './money';
import { formatSchedule } from './recurring';
import type { RecordOf, ResourceName } from './resources';
import {
  accountCategoryLabels,
  assetCategoryLabelsFor,
  labelOf,
  timeCategoryLabels,
  workoutTypeLabels,
} from './schemas/categories';

// How a record is named to the person who owns it — in a notice that a change could not be
// saved, or in a conflict ("「午饭 ¥35.00 · 2026-11-20」在另一台设备上也被修改").

type Namers = { [K in ResourceName]: (record: RecordOf<K>) => string };

const NAMERS: Namers = {
  accounts: (r) =>
    `${labelOf(accountCategoryLabels(r.type), r.category)} ${formatYuan(r.amount)} · ${r.date}`,
  assets: (r) => `${r.name}（${labelOf(assetCategoryLabelsFor(r.type), r.category)}）`,
  assetHistory: (r) => `${r.assetName}的修改记录`,
  workouts: (r) => `${labelOf(workoutTypeLabels, r.type)} ${r.duration}分钟 · ${r.date}`,
  timeRecords: (r) =>
    `${r.task}（${labelOf(timeCategoryLabels, r.category)}）${Math.round(r.duration / 60)}分钟 · ${r.date}`,
  tasks: (r) => r.title,
  checkinTasks: (r) => r.name,
  checkinRecords: (r) => `${r.date} 的打卡`,
  recurring: (r) =>
    `${r.description || labelOf(accountCategoryLabels(r.type), r.category)} ${formatYuan(r.amount)}（${formatSchedule(r)}）`,
  wallets: (r) => `账户「${r.name}」`,
  transfers: (r) => `转账 ${formatYuan(r.amount)} · ${r.date}`,
  categories: (r) => `分类「${r.name}」`,
};

/** A short Chinese name for a record of `kind`; never throws, whatever the record holds. */
export function recordLabel<K extends ResourceName>(kind: K, record: unknown): string {
  try {
    return (NAMERS[kind] as (r: unknown) => string)(record);
  } catch {
    return '一条记录';
  }
}
