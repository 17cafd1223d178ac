import { useCallback, useSyncExternalStore } from 'react';

// 深色模式: the class `dark` on <html> (src/index.css swaps the palette under it). By default
// it follows the system's setting; the switch stores an explicit choice, which then wins.
// src/boot/boot.js applies the same rule before the first paint, so a dark page never flashes
// light while the app loads.

const KEY = 'theme';
type Choice = 'dark' | 'light';

const systemQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function storedChoice(): Choice | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

const isDark = () => {
  const choice = storedChoice();
  return choice ? choice === 'dark' : (systemQuery()?.matches ?? false);
};

const listeners = new Set<() => void>();
function apply() {
  document.documentElement.classList.toggle('dark', isDark());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = systemQuery();
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) apply();
  };
  query?.addEventListener('change', apply);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', apply);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => document.documentElement.classList.contains('dark');

/** Whether the page is dark, and the switch: a choice that differs from the system is kept. */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, snapshot);
  const setDark = useCallback((next: boolean) => {
    try {
      // Choosing what the system shows anyway goes back to following it.
      if (next === (systemQuery()?.matches ?? false)) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next ? 'dark' : 'light');
    } catch {
      // No storage: the choice lasts until the page is left.
      document.documentElement.classList.toggle('dark', next);
      for (const listener of listeners) listener();
      return;
    }
    apply();
  }, []);
  return [dark, setDark];
}
