import { CloudOff, CloudUpload, ServerCrash } from 'lucide-react';
import { storageTroubleLabel } from '../api/storage-trouble';
import { useSyncStatus } from '../api/sync-status';

/**
 * In the navigation bar: 离线 while the server cannot be reached, and how many changes wait
 * to be sent (docs/spec.md "Glossary": "{n} 条待同步"). Nothing when all is sent. A server that answers
 * but cannot store (its database damaged, its disk full) is named as such instead of 离线:
 * waiting will not mend it, its operator must.
 */
export function SyncIndicator({ onOpen }: { onOpen: () => void }) {
  const { reachable, storage, waiting } = useSyncStatus();
  const offline = reachable === false;
  if (!offline && waiting.length === 0) return null;
  // One line on a phone (issue 60: 离线 · 3 条待同步 wrapped to four lines at 375 px): the icon
  // and the count there, the words from 640 px; a screen reader hears them all.
  return (
    <button
      type="button"
      onClick={onOpen}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 hover:bg-amber-100 sm:gap-1.5"
      title={storage ? storage.message : '打开同步查看详情'}
    >
      {storage && (
        <span className="inline-flex items-center gap-1">
          <ServerCrash size={14} aria-hidden="true" />
          <span className="sr-only sm:not-sr-only sm:whitespace-nowrap!">
            {storageTroubleLabel(storage)}
          </span>
        </span>
      )}
      {offline && !storage && (
        <span className="inline-flex items-center gap-1">
          <CloudOff size={14} aria-hidden="true" />
          <span className="sr-only sm:not-sr-only sm:whitespace-nowrap!">离线</span>
        </span>
      )}
      {(offline || storage) && waiting.length > 0 && (
        <span className="hidden sm:inline" aria-hidden="true">
          ·
        </span>
      )}
      {!offline && !storage && waiting.length > 0 && <CloudUpload size={14} aria-hidden="true" />}
      {waiting.length > 0 && (
        <>
          <span className="tabular-nums sm:hidden" aria-hidden="true">
            {waiting.length}
          </span>
          <span className="sr-only tabular-nums sm:not-sr-only sm:whitespace-nowrap!">
            {waiting.length} 条待同步
          </span>
        </>
      )}
    </button>
  );
}
