import { useState } from 'react';
import { useAnswerRestoreOffer, useSyncStatus } from '../../api/sync-status';
import { Modal } from '../../components/Modal';

/**
 * The server was restored from a backup and lacks records this device still holds: asked
 * whether to upload them (through the outbox) or let them go. Closed without an answer, it
 * asks again at the next visit.
 */
export function RestoreOffer() {
  const { offered } = useSyncStatus();
  const answer = useAnswerRestoreOffer();
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (offered === 0 || closed) return null;
  const reply = async (upload: boolean) => {
    setBusy(true);
    try {
      await answer(upload);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="服务器的数据比本机旧"
      role="alertdialog"
      onClose={() => setClosed(true)}
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void reply(false)}
          >
            不上传
          </button>
          <button
            type="button"
            className="btn-primary"
            data-autofocus
            disabled={busy}
            onClick={() => void reply(true)}
          >
            上传
          </button>
        </>
      }
    >
      <p className="text-slate-700">
        服务器的数据比本机旧（可能已从备份恢复）。本机有 {offered}{' '}
        条记录服务器上没有，上传这些记录？
      </p>
      <p className="mt-1.5 text-sm text-slate-500">选择“不上传”，这些记录将从本机移除。</p>
    </Modal>
  );
}
