import { useId } from 'react';
import { useSettings } from '../../api/settings';
import { QuickTile, quickEntries } from '../../components/quick-links';

// Each opens the matching dialog (or starts the timer) on its own screen, which then drops the
// parameter so a reload does not act twice.
export function QuickActions() {
  const titleId = useId();
  const { focusCategories } = useSettings();
  // 记一笔支出 saved returns to 今天.
  const { expense, workout, task, focus } = quickEntries(focusCategories, '记一笔支出', '/');
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        快捷操作
      </h2>
      <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4 wide:grid-cols-2">
        {[expense, workout, task, focus].map((link) => (
          <li key={link.to}>
            <QuickTile link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}
