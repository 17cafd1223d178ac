import { useSyncNow, useSyncStatus } from '../../api/sync-status';
import { Modal } from '../../components/Modal';

interface DownloadConfirmProps {
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 从云端下载数据 replaces the device's copy, so it asks first, saying how many
 * changes still wait to be sent — 0 too — and offering to send them before the download.
 * The count is live: it falls as they go.
 */
export function DownloadConfirm({ onConfirm, onCancel }: DownloadConfirmProps) {
  const { waiting, reachable } = useSyncStatus();
  const syncNow = useSyncNow();
  const count = waiting.length;
  return (
    <Modal
      title="从云端下载数据"
      role="alertdialog"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            取消
          </button>
          {count > 0 && (
            <button
              type="button"
              className="btn-secondary"
              disabled={reachable === false}
              onClick={syncNow}
            >
              先发送更改
            </button>
          )}
          <button
            type="button"
            className="btn-danger"
            data-autofocus={count === 0 || undefined}
            onClick={onConfirm}
          >
            确定下载
          </button>
        </>
      }
    >
      <p className="font-medium text-slate-900">将覆盖本机数据</p>
      <p className="mt-1.5 text-sm text-slate-600" aria-live="polite">
        {count === 0
          ? '没有等待发送的更改（0 条）。'
          : `还有 ${count} 条更改等待发送。下载会用云端的数据覆盖本机副本，建议先发送更改再下载。`}
      </p>
    </Modal>
  );
}
