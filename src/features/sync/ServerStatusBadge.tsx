import { RefreshCw } from 'lucide-react';
import type { ServerStatus } from '../../api/health';
import { type StorageTrouble, storageTroubleLabel } from '../../api/storage-trouble';

const STATUS: Record<ServerStatus, { label: string; dot: string; text: string }> = {
  checking: { label: '检查中', dot: 'bg-slate-400 animate-pulse', text: 'text-slate-600' },
  online: { label: '在线', dot: 'bg-emerald-500', text: 'text-emerald-700' },
  offline: { label: '离线', dot: 'bg-red-500', text: 'text-red-700' },
  degraded: { label: '服务器存储故障', dot: 'bg-amber-500', text: 'text-amber-800' },
};

/**
 * 检查中 until GET /health answers, then 在线 or 离线; the button checks again. A
 * server that answers with its storage damaged or full is named as such (数据库已损坏,
 * 磁盘已满), not 离线.
 */
export function ServerStatusBadge({
  status,
  storage,
  onRefresh,
}: {
  status: ServerStatus;
  storage?: StorageTrouble;
  onRefresh: () => void;
}) {
  const { dot, text } = STATUS[status];
  const label =
    status === 'degraded' && storage ? storageTroubleLabel(storage) : STATUS[status].label;
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        服务器状态
        <span className={`inline-flex items-center gap-1.5 font-medium ${text}`} role="status">
          <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
          {label}
        </span>
      </p>
      <button
        type="button"
        className="btn-icon"
        aria-label="刷新服务器状态"
        title="刷新服务器状态"
        disabled={status === 'checking'}
        onClick={onRefresh}
      >
        <RefreshCw
          size={16}
          aria-hidden="true"
          className={status === 'checking' ? 'animate-spin' : ''}
        />
      </button>
    </div>
  );
}
