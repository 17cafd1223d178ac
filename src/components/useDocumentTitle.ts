import { useEffect } from 'react';

const APP_TITLE = '个人管理系统';

/** The tab names the screen: '记账管理 · 个人管理系统'; the app's name alone without one. */
export function useDocumentTitle(screen: string | null) {
  useEffect(() => {
    document.title = screen ? `${screen} · ${APP_TITLE}` : APP_TITLE;
  }, [screen]);
}
