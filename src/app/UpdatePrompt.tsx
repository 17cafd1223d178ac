// The icon's own module, not lucide's index: the login page's modules form a chunk of their own
// (vite.config.ts 'login-shared'), and the index, which imports every icon, brought into it
// each icon that two signed-in chunks share (43 of them, ~3 KB of the login route's gzip).
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';

// A tab left open for days never navigates, so the browser would never look for a new build.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite-plugin-pwa writes /sw.js) and, when a new build has been
 * installed beside the running one, offers 新版本可用 → 刷新. Nothing switches under the
 * user's feet: the new worker takes over only on that click, and the page then reloads once,
 * as the new build.
 *
 * workbox-window directly rather than the plugin's virtual:pwa-register module: that one
 * imports workbox-window dynamically, which splits Vite's preload helper out of the entry
 * chunk and costs the login route a file and ~1 KB.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    // Fires for a worker that is installed and waiting, also one found waiting at load.
    wb.addEventListener('waiting', (event) => setWaiting(event.sw ?? null));
    let timer: number | undefined;
    wb.register()
      .then((registration) => {
        timer = window.setInterval(() => {
          if (navigator.onLine) registration?.update().catch(() => undefined);
        }, UPDATE_CHECK_MS);
      })
      .catch((err: unknown) => console.warn('service worker not registered', err));
    return () => window.clearInterval(timer);
  }, []);

  return (
    // The live region is there from the start, so that screen readers announce what enters it.
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex px-4">
      {waiting && (
        <div className="pointer-events-auto mx-auto flex w-full max-w-sm items-center gap-3 rounded-xl border border-blue-200 bg-white py-2.5 pr-2 pl-4 shadow-lg tablet:mr-0">
          <RefreshCw size={18} className="shrink-0 text-blue-600" aria-hidden="true" />
          <span className="flex-1 text-sm font-medium text-slate-800">新版本可用</span>
          <button
            type="button"
            className="btn-primary"
            disabled={updating}
            onClick={() => {
              setUpdating(true);
              // Another tab may have taken the update already: then only this page is old.
              if (waiting.state !== 'installed') return window.location.reload();
              navigator.serviceWorker.addEventListener(
                'controllerchange',
                () => window.location.reload(),
                { once: true },
              );
              waiting.postMessage({ type: 'SKIP_WAITING' });
            }}
          >
            刷新
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label="关闭提示"
            onClick={() => setWaiting(null)}
          >
            {/* lucide's X would become a chunk of its own, loaded by the login route too */}
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
