import { CloudOff } from 'lucide-react';
import { useSyncStatus } from '../api/sync-status';

/**
 * In the navigation bar: 离线 while the server cannot be reached, and how many changes wait
 * to be sent (DESIGN.md §5: "{n} 条待同步"). Nothing when all is sent.
 */
export function SyncIndicator({ onOpen }: { onOpen: () => void }) {
  const { reachable, waiting } = useSyncStatus();
  const offline = reachable === false;
  if (!offline && waiting.length === 0) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 hover:bg-amber-100"
      title="打开同步查看详情"
    >
      {offline && (
        <span className="inline-flex items-center gap-1">
          <CloudOff size={14} aria-hidden="true" />
          离线
        </span>
      )}
      {offline && waiting.length > 0 && <span aria-hidden="true">·</span>}
      {waiting.length > 0 && <span className="tabular-nums">{waiting.length} 条待同步</span>}
    </button>
  );
}
