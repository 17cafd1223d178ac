import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { QUICK_EXPENSE_LINK } from '../../components/quick-links';

// The first day (issue 59): a new account's first visit explains the modules and offers three
// things to try, until the one tap that dismisses it. Kept per account in this browser's
// storage; an account that already holds tasks, entries or habits is no new one and never
// sees it (DashboardScreen decides).

const key = (username: string) => `welcomeDismissed:${username}`;

/** Whether `username` dismissed the welcome here (storage that cannot be read: yes, quietly). */
export function welcomeDismissed(username: string): boolean {
  try {
    return localStorage.getItem(key(username)) === '1';
  } catch {
    return true;
  }
}

const MODULES: readonly [string, string][] = [
  ['记账', '收入、支出、预算和账单导入'],
  ['任务', '待办、截止时间、重复和提醒'],
  ['打卡', '每天或每周的习惯，连续记录'],
  ['健身 · 时间', '运动记录、专注计时和番茄钟'],
  ['资产', '资产负债和净资产变化'],
  ['日历', '把每天的任务、收支、运动和专注放在一起'],
];

const TRY: readonly [string, string][] = [
  ['/tasks?add=1', '添加今天的第一个任务'],
  ['/checkin', '创建一个打卡习惯'],
  [QUICK_EXPENSE_LINK, '记一笔支出'],
];

export function WelcomeCard({ username, onDismiss }: { username: string; onDismiss: () => void }) {
  const titleId = useId();
  const [gone, setGone] = useState(false);
  if (gone) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(key(username), '1');
    } catch {
      // Private mode without storage: it goes for this visit.
    }
    setGone(true);
    onDismiss();
  };
  return (
    <section className="card border-blue-200 bg-blue-50/60" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          欢迎使用个人管理系统
        </h2>
        <button type="button" className="btn-icon -m-1.5" aria-label="关闭欢迎" onClick={dismiss}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <ul className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        {MODULES.map(([name, what]) => (
          <li key={name}>
            <span className="font-medium text-slate-900">{name}</span>：{what}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-medium text-slate-900">先试试这三件事：</p>
      <ol className="mt-1 flex flex-wrap gap-2 text-sm">
        {TRY.map(([to, label], i) => (
          <li key={to}>
            <Link
              to={to}
              // 记一笔支出 saved returns to 今天, as the quick actions' does.
              state={to === QUICK_EXPENSE_LINK ? { returnTo: '/' } : undefined}
              className="btn-secondary inline-flex px-3 py-1.5"
            >
              {i + 1}. {label}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
