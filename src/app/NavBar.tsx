import { LogOut, Menu, Moon, RefreshCw, Search, Sun, UserRound, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../api/auth';
import { dropBootBar } from '../components/boot-bar';
import { useDarkMode } from '../components/theme';
import { InboxButton } from '../features/notifications/InboxButton';
import { NAV_ITEMS } from './nav-items';
import { SyncIndicator } from './SyncIndicator';
import { useLogout } from './useLogout';

interface NavBarProps {
  onOpenSync: () => void;
  /** 搜索全部 (issue 63); Ctrl+K / ⌘K opens it too. */
  onOpenSearch: () => void;
}

/**
 * docs/spec.md §2: a sticky bar with a link per route. Above 1024px links show icon and label,
 * from 769px to 1024px icons only, and at 768px and below a menu button opens the same
 * items as a vertical list.
 */
export function NavBar({ onOpenSync, onOpenSearch }: NavBarProps) {
  const { user } = useAuth();
  const handleLogout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [dark, setDark] = useDarkMode();

  // The title index.html drew before any script goes in the commit that draws this one, at the
  // same spot: no frame has two titles or none.
  useLayoutEffect(dropBootBar, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The open menu closes on Escape (focus back on its button) and on a tap outside the bar.
  useEffect(() => {
    if (!menuOpen) return;
    function onKey(event: KeyboardEvent) {
      // A dialog opened from the menu (退出登录's question) takes its own Escape.
      if (event.key !== 'Escape' || document.querySelector('[aria-modal="true"]')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    }
    function onPointer(event: PointerEvent) {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  const themeSwitch = (className: string, showLabel: boolean) => (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="深色模式"
      title="深色模式"
      className={className}
      onClick={() => setDark(!dark)}
    >
      {dark ? <Moon size={16} aria-hidden="true" /> : <Sun size={16} aria-hidden="true" />}
      {showLabel && <span>深色模式</span>}
    </button>
  );

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
      isActive
        ? 'bg-blue-50 text-blue-700'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
    }`;

  return (
    <header
      ref={header}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
        <NavLink to="/" className="shrink-0 text-lg font-bold text-blue-700">
          个人管理系统
        </NavLink>

        <nav aria-label="主导航" className="hidden flex-1 items-center gap-1 tablet:flex">
          {NAV_ITEMS.map(({ to, label, icon: Icon, wideOnly }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/'}
              className={(state) =>
                wideOnly
                  ? linkClass(state).replace(/^flex /, 'hidden min-[1440px]:flex ')
                  : linkClass(state)
              }
              title={label}
              aria-label={label}
            >
              <Icon size={18} aria-hidden="true" />
              <span className="hidden whitespace-nowrap wide:inline">{label}</span>
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 tablet:flex">
          <SyncIndicator onOpen={onOpenSync} />
          {themeSwitch('btn-icon', false)}
          {/* Icon-only below 1,440 px, as the user's name: with 日历 among the links the bar's
              words no longer fit 1,280 px, and 同步 and 退出登录 broke one character a line.
              not-sr-only sets white-space back to normal, so the words keep their nowrap. */}
          <button type="button" className="btn-ghost whitespace-nowrap" onClick={onOpenSync}>
            <RefreshCw size={16} aria-hidden="true" />
            <span className="sr-only min-[1440px]:not-sr-only min-[1440px]:whitespace-nowrap!">
              同步
            </span>
          </button>
          {/* The user's name opens 设置 (the settings are the user's own). */}
          <NavLink
            to="/settings"
            className={(state) => `${linkClass(state)} whitespace-nowrap`}
            title={`${user?.displayName ?? ''} · 设置`}
          >
            <UserRound size={16} aria-hidden="true" />
            {/* With the 通知中心 bell the words of the bar need 1,330 px: below 1,440 the name
                is the icon's title, so that no label wraps at 1,280. */}
            <span className="sr-only min-[1440px]:not-sr-only min-[1440px]:whitespace-nowrap!">
              {user?.displayName}
            </span>
            <span className="sr-only">设置</span>
          </NavLink>
          <button type="button" className="btn-ghost whitespace-nowrap" onClick={handleLogout}>
            <LogOut size={16} aria-hidden="true" />
            <span className="sr-only min-[1440px]:not-sr-only min-[1440px]:whitespace-nowrap!">
              退出登录
            </span>
          </button>
        </div>

        <div className="ml-auto tablet:hidden">
          <SyncIndicator onOpen={onOpenSync} />
        </div>
        <button
          type="button"
          className="btn-icon"
          aria-label="搜索"
          aria-keyshortcuts="Control+K Meta+K"
          title="搜索（Ctrl+K）"
          onClick={onOpenSearch}
        >
          <Search size={18} aria-hidden="true" />
        </button>
        <InboxButton />
        <button
          ref={menuButton}
          type="button"
          className="btn-icon tablet:hidden"
          aria-label={menuOpen ? '关闭菜单' : '打开菜单'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={20} /> : <Menu size={20} />}
        </button>
      </div>

      {menuOpen && (
        <div
          id="mobile-menu"
          className="border-t border-slate-200 bg-white px-4 py-3 tablet:hidden"
        >
          <nav aria-label="移动导航" className="flex flex-col gap-1">
            {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} end={to === '/'} className={linkClass}>
                <Icon size={18} aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 flex flex-col gap-1 border-t border-slate-100 pt-3">
            <NavLink to="/settings" className={linkClass}>
              <UserRound size={16} aria-hidden="true" />
              {user?.displayName}
              <span className="text-slate-400">· 设置</span>
            </NavLink>
            <button
              type="button"
              className="btn-ghost justify-start"
              onClick={() => {
                setMenuOpen(false);
                onOpenSync();
              }}
            >
              <RefreshCw size={16} aria-hidden="true" />
              同步
            </button>
            {themeSwitch('btn-ghost justify-start', true)}
            <button type="button" className="btn-ghost justify-start" onClick={handleLogout}>
              <LogOut size={16} aria-hidden="true" />
              退出登录
            </button>
          </div>
        </div>
      )}
    </header>
  );
}
