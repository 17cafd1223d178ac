import { Dumbbell, ListPlus, type LucideIcon, ReceiptText, Timer } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../../api/settings';
import {
  QUICK_EXPENSE_LINK,
  QUICK_TASK_LINK,
  QUICK_WORKOUT_LINK,
  quickFocusLink,
} from '../../components/quick-links';

// Each opens the matching dialog (or starts the quick timer) on its own screen, which then
// drops the parameter so a reload does not act twice.
const actions = (
  focusCategories: readonly string[],
): readonly { to: string; label: string; icon: LucideIcon; tint: string }[] => [
  {
    to: QUICK_EXPENSE_LINK,
    label: '记一笔支出',
    icon: ReceiptText,
    tint: 'bg-red-50 text-red-600',
  },
  {
    to: QUICK_WORKOUT_LINK,
    label: '健身打卡',
    icon: Dumbbell,
    tint: 'bg-emerald-50 text-emerald-600',
  },
  { to: QUICK_TASK_LINK, label: '添加任务', icon: ListPlus, tint: 'bg-blue-50 text-blue-600' },
  {
    to: quickFocusLink(focusCategories),
    label: '开始专注',
    icon: Timer,
    tint: 'bg-violet-50 text-violet-600',
  },
];

export function QuickActions() {
  const titleId = useId();
  const { focusCategories } = useSettings();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        快捷操作
      </h2>
      <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4 wide:grid-cols-2">
        {actions(focusCategories).map(({ to, label, icon: Icon, tint }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 p-4 text-sm font-medium text-slate-700 transition-colors hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-blue-500"
            >
              <span className={`flex h-10 w-10 items-center justify-center rounded-full ${tint}`}>
                <Icon size={20} aria-hidden="true" />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
