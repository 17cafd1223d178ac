import { useState } from 'react';
import { useSettleConflict, useSyncNow, useSyncStatus } from '../../api/sync-status';
import { changeLabel } from '../../domain/resources';

const OP_LABELS = { create: '新增', update: '修改', delete: '删除' } as const;
/** A long offline session lists its first changes; the count says how many there are. */
const SHOWN = 20;

/**
 * The changes made on this device that wait for the server, and the edits kept after a
 * conflict (docs/architecture.md, "Conflicts"): each can be applied again or let go.
 */
export function WaitingChanges({ online }: { online: boolean }) {
  const { waiting, conflicts, signInNeeded } = useSyncStatus();
  const syncNow = useSyncNow();
  const settle = useSettleConflict();
  const [busy, setBusy] = useState<string | null>(null);
  if (waiting.length === 0 && conflicts.length === 0) return null;

  async function onSettle(key: string, reapply: boolean) {
    setBusy(key);
    try {
      await settle(key, reapply);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      {waiting.length > 0 && (
        <section
          aria-label="待同步的更改"
          className="rounded-lg border border-amber-200 bg-amber-50/60"
        >
          <div className="flex items-center justify-between gap-2 border-b border-amber-100 px-3 py-2">
            <h3 className="text-sm font-medium text-amber-900">{waiting.length} 条待同步</h3>
            <button
              type="button"
              className="btn-secondary"
              disabled={!online}
              title={online ? undefined : '服务器在线时才能同步'}
              onClick={syncNow}
            >
              立即同步
            </button>
          </div>
          {signInNeeded && (
            <p className="px-3 pt-2 text-xs text-amber-900">
              登录已过期：重新登录后这些更改会自动同步。
            </p>
          )}
          <ul className="max-h-40 divide-y divide-amber-100 overflow-y-auto px-3 text-sm">
            {waiting.slice(0, SHOWN).map((entry) => (
              <li key={entry.seq} className="flex items-baseline gap-2 py-1.5">
                <span className="shrink-0 text-xs text-amber-800">
                  {OP_LABELS[entry.op]}
                  {changeLabel(entry.kind)}
                </span>
                <span className="min-w-0 truncate text-slate-700">{entry.label}</span>
              </li>
            ))}
            {waiting.length > SHOWN && (
              <li className="py-1.5 text-xs text-slate-500">还有 {waiting.length - SHOWN} 条……</li>
            )}
          </ul>
        </section>
      )}
      {conflicts.length > 0 && (
        <section aria-label="冲突的修改" className="rounded-lg border border-slate-200">
          <h3 className="border-b border-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
            两台设备修改了同一条记录：较晚的修改已生效，另一份保留在这里
          </h3>
          <ul className="divide-y divide-slate-100 px-3 text-sm">
            {conflicts.map((conflict) => (
              <li key={conflict.key} className="flex flex-wrap items-center gap-2 py-2">
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-slate-800">{conflict.label}</span>
                  <span className="ml-1.5 text-xs text-slate-500">
                    {conflict.reason === 'deleted' ? '已在另一台设备上删除' : '未采用的修改'}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy === conflict.key}
                  onClick={() => onSettle(conflict.key, true)}
                >
                  重新应用
                </button>
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={busy === conflict.key}
                  onClick={() => onSettle(conflict.key, false)}
                >
                  放弃
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
