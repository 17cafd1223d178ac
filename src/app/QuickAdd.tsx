import { Dumbbell, ListPlus, type LucideIcon, Plus, ReceiptText, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../api/settings';
import { Modal } from '../components/Modal';
import {
  QUICK_EXPENSE_LINK,
  QUICK_TASK_LINK,
  QUICK_WORKOUT_LINK,
  quickFocusLink,
} from '../components/quick-links';

/**
 * The floating + (快速记录) on every signed-in screen: a sheet whose entries are links to the
 * screens' own dialogs and actions (their deep links), so the shell imports no feature.
 * Above the bottom tabs on a phone; in the corner from 769 px.
 */
export function QuickAdd() {
  const [open, setOpen] = useState(false);
  const { focusCategories } = useSettings();
  const entries: readonly { to: string; label: string; icon: LucideIcon; tint: string }[] = [
    { to: QUICK_EXPENSE_LINK, label: '记一笔', icon: ReceiptText, tint: 'bg-red-50 text-red-600' },
    { to: QUICK_TASK_LINK, label: '添加任务', icon: ListPlus, tint: 'bg-blue-50 text-blue-600' },
    {
      to: QUICK_WORKOUT_LINK,
      label: '健身打卡',
      icon: Dumbbell,
      tint: 'bg-emerald-50 text-emerald-600',
    },
    {
      to: quickFocusLink(focusCategories),
      label: '开始专注',
      icon: Timer,
      tint: 'bg-violet-50 text-violet-600',
    },
  ];
  return (
    <>
      <button
        type="button"
        aria-label="快速记录"
        title="快速记录"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 flex h-14 w-14 items-center justify-center rounded-full bg-blue-600 text-white shadow-lg transition-colors hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 tablet:right-6 tablet:bottom-[calc(1.5rem+env(safe-area-inset-bottom))]"
        onClick={() => setOpen(true)}
      >
        <Plus size={28} aria-hidden="true" />
      </button>
      {open && (
        <Modal title="快速记录" onClose={() => setOpen(false)}>
          <ul className="grid grid-cols-2 gap-3 pb-[env(safe-area-inset-bottom)]">
            {entries.map(({ to, label, icon: Icon, tint }) => (
              <li key={label}>
                <Link
                  to={to}
                  data-autofocus={label === '记一笔' ? true : undefined}
                  className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 p-4 text-sm font-medium text-slate-700 transition-colors hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-blue-500"
                  onClick={() => setOpen(false)}
                >
                  <span
                    className={`flex h-10 w-10 items-center justify-center rounded-full ${tint}`}
                  >
                    <Icon size={20} aria-hidden="true" />
                  </span>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </>
  );
}
