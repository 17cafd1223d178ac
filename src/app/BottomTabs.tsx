import {
  CalendarCheck,
  Ellipsis,
  House,
  ListTodo,
  LogOut,
  type LucideIcon,
  RefreshCw,
  Search,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Modal } from '../components/Modal';
import { NAV_ITEMS } from './nav-items';
import { useLogout } from './useLogout';

const TABS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/', label: '首页', icon: House },
  { to: '/accounting', label: '记账', icon: Wallet },
  { to: '/tasks', label: '任务', icon: ListTodo },
  { to: '/checkin', label: '打卡', icon: CalendarCheck },
];

const TAB_PATHS = new Set(TABS.map((t) => t.to));
/** The screens 更多 lists: every route the four tabs do not reach. */
const MORE_ITEMS = NAV_ITEMS.filter((item) => !TAB_PATHS.has(item.to));

const tabClass = (active: boolean) =>
  `flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 py-1.5 text-xs font-medium ${
    active ? 'text-blue-700' : 'text-slate-500 hover:text-slate-900'
  }`;

/**
 * The phone's navigation (≤ 768 px): four tabs and 更多, in the thumb's reach, above the
 * home indicator (safe-area inset). The menu button of docs/spec.md §2 stays in the bar above.
 */
export function BottomTabs({
  onOpenSync,
  onOpenSearch,
}: {
  onOpenSync: () => void;
  onOpenSearch: () => void;
}) {
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();
  const handleLogout = useLogout();
  const onMoreScreen =
    MORE_ITEMS.some((item) => pathname.startsWith(item.to)) || pathname.startsWith('/settings');
  const close = () => setMoreOpen(false);

  return (
    <>
      <nav
        aria-label="底部导航"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur tablet:hidden"
      >
        <ul className="flex h-14 items-stretch">
          {TABS.map(({ to, label, icon: Icon }) => (
            <li key={to} className="flex min-w-0 flex-1">
              <NavLink to={to} end={to === '/'} className={({ isActive }) => tabClass(isActive)}>
                <Icon size={20} aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
          <li className="flex min-w-0 flex-1">
            <button
              type="button"
              className={tabClass(onMoreScreen)}
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
            >
              <Ellipsis size={20} aria-hidden="true" />
              更多
            </button>
          </li>
        </ul>
      </nav>
      {moreOpen && (
        <Modal title="更多" onClose={close}>
          <nav
            aria-label="更多页面"
            className="flex flex-col gap-1 pb-[env(safe-area-inset-bottom)]"
          >
            <button
              type="button"
              className="btn-ghost justify-start"
              onClick={() => {
                close();
                onOpenSearch();
              }}
            >
              <Search size={18} aria-hidden="true" />
              搜索
            </button>
            {MORE_ITEMS.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className={moreClass} onClick={close}>
                <Icon size={18} aria-hidden="true" />
                {label}
              </NavLink>
            ))}
            <NavLink to="/settings" className={moreClass} onClick={close}>
              <UserRound size={18} aria-hidden="true" />
              设置
            </NavLink>
            <button
              type="button"
              className="btn-ghost justify-start"
              onClick={() => {
                close();
                onOpenSync();
              }}
            >
              <RefreshCw size={18} aria-hidden="true" />
              同步
            </button>
            <button
              type="button"
              className="btn-ghost justify-start"
              onClick={() => {
                close();
                void handleLogout();
              }}
            >
              <LogOut size={18} aria-hidden="true" />
              退出登录
            </button>
          </nav>
        </Modal>
      )}
    </>
  );
}

const moreClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-700 hover:bg-slate-100'
  }`;
