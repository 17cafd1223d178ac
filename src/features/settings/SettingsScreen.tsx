import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatError } from '../../api/errors';
import { useSettingsQuery } from '../../api/settings';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { ONLINE_ONLY } from '../../domain/resources';
import type { Settings } from '../../domain/schemas/settings';
import { AccountSecurity } from './AccountSecurity';
import { BasicSettings } from './BasicSettings';
import { BudgetSettings } from './BudgetSettings';
import { CalendarFeed } from './CalendarFeed';
import { FocusSettings } from './FocusSettings';
import { GoalSettings } from './GoalSettings';
import { ImportRulesSettings } from './ImportRulesSettings';
import { NotificationSettings } from './NotificationSettings';
import { PomodoroSettings } from './PomodoroSettings';

interface Section {
  id: string;
  label: string;
  /** Drawn from the user's settings record; `null` for a section that does not read it. */
  render: (saved: Settings | null) => ReactNode;
  /** Needs the settings record (shown with its loading and failure states). */
  usesSettings: boolean;
}

// 设置's sections, one page each at /settings?section=<id>, in the order the tabs show them.
// Every section saves the same way: a change saves itself and says 已保存 (auto-save.tsx).
export const SETTINGS_SECTIONS: readonly Section[] = [
  {
    id: 'basic',
    label: '基本',
    // 深色模式 needs no settings record: it shows at once, 今日目标 once the record is read.
    usesSettings: false,
    render: (saved) => (
      <>
        <BasicSettings />
        {saved && <GoalSettings saved={saved} />}
      </>
    ),
  },
  {
    id: 'budget',
    label: '预算',
    usesSettings: true,
    render: (saved) => saved && <BudgetSettings saved={saved} />,
  },
  {
    id: 'focus',
    label: '专注',
    usesSettings: true,
    render: (saved) =>
      saved && (
        <>
          <FocusSettings saved={saved} />
          <PomodoroSettings saved={saved} />
        </>
      ),
  },
  {
    id: 'notifications',
    label: '通知',
    usesSettings: true,
    render: () => <NotificationSettings />,
  },
  {
    id: 'calendar',
    label: '日历订阅',
    usesSettings: false,
    render: () => <CalendarFeed />,
  },
  {
    id: 'security',
    label: '账号安全',
    usesSettings: false,
    render: () => <AccountSecurity />,
  },
  {
    id: 'import',
    label: '导入规则',
    usesSettings: true,
    render: (saved) => saved && <ImportRulesSettings saved={saved} />,
  },
];

/** The tabs: links, so each section has its own address and Back returns to the one before. */
function SectionNav({ current }: { current: string }) {
  return (
    <nav aria-label="设置分区" className="-mx-1 mb-4 overflow-x-auto px-1 pb-1">
      <ul className="flex gap-2">
        {SETTINGS_SECTIONS.map((section) => {
          const active = section.id === current;
          return (
            <li key={section.id} className="shrink-0">
              <Link
                to={`?section=${section.id}`}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-9 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap ${
                  active
                    ? 'bg-blue-600 text-white'
                    : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** 设置: one section at a time — 基本, 预算, 专注, 通知, 日历订阅, 账号安全, 导入规则. */
export function SettingsScreen() {
  const [params] = useSearchParams();
  const section =
    SETTINGS_SECTIONS.find((s) => s.id === params.get('section')) ?? SETTINGS_SECTIONS[0]!;
  const { data, isPending, error, refetch } = useSettingsQuery();

  return (
    <div>
      <PageHeader title="设置" />
      <SectionNav current={section.id} />
      <div className="space-y-4">
        {data?.local !== undefined && (
          <OfflineNotice
            error={`${data.local}；设置的修改先保存在本机，连接服务器后自动同步。${ONLINE_ONLY.accountSecurity}`}
          />
        )}
        {!section.usesSettings ? (
          section.render(data?.settings ?? null)
        ) : isPending ? (
          <Spinner />
        ) : error ? (
          <ErrorBanner
            message={formatError('加载设置失败：{message}', error)}
            onRetry={() => void refetch()}
          />
        ) : (
          section.render(data.settings)
        )}
      </div>
    </div>
  );
}
