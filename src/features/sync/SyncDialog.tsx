import { Modal } from '../../components/Modal';

// Placeholder until the sync issue lands.
export function SyncDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="数据同步" onClose={onClose}>
      <p className="text-slate-600">选择同步操作</p>
    </Modal>
  );
}
