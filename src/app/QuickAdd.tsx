import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSettings } from '../api/settings';
import { Modal } from '../components/Modal';
import { QuickTile, quickEntries } from '../components/quick-links';
import { useToast } from '../components/toast';

// The tasks screen's one-line 快速添加任务, fetched when the sheet first opens: the shell is on
// every screen, the date parser it brings is for this field alone.
const TaskQuickAdd = lazy(() =>
  import('../features/tasks/QuickAdd').then((m) => ({ default: m.QuickAdd })),
);

/**
 * The floating + (快速记录) on every signed-in screen: a sheet whose entries are links to the
 * screens' own dialogs and actions (their deep links), so the shell imports no feature.
 * Above the bottom tabs on a phone; in the corner from 769 px.
 */
export function QuickAdd() {
  const [open, setOpen] = useState(false);
  const { focusCategories } = useSettings();
  // 记一笔 saved returns here: the screen the sheet was opened on.
  const { pathname, search } = useLocation();
  const { expense, workout, task, focus } = quickEntries(
    focusCategories,
    '记一笔',
    pathname + search,
  );
  const toast = useToast();
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
          <Suspense fallback={null}>
            <TaskQuickAdd
              onAdded={(title) => {
                setOpen(false);
                toast.success(`已添加任务：${title}`);
              }}
            />
          </Suspense>
          <ul className="grid grid-cols-2 gap-3 pb-[env(safe-area-inset-bottom)]">
            {[expense, task, workout, focus].map((link) => (
              <li key={link.to}>
                <QuickTile
                  link={link}
                  autoFocus={link === expense}
                  onClick={() => setOpen(false)}
                />
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </>
  );
}
