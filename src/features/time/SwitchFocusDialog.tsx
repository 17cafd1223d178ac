import { Modal } from '../../components/Modal';

interface SwitchFocusDialogProps {
  /** The task 专注 was pressed on. */
  next: string;
  /** What the running session focuses on, and where it is ('已计时 00:12:34'). */
  current: string;
  progress: string;
  /** Busy while the old session is being saved. */
  saving: boolean;
  onSwitch: () => void;
  onClose: () => void;
}

/**
 * 切换到「X」? (docs/spec.md "Glossary"): 专注 on a task while a session runs for another. Switching
 * finishes and saves the running one first; 取消 keeps it (issue 60: it used to be kept
 * silently, the press doing nothing).
 */
export function SwitchFocusDialog({
  next,
  current,
  progress,
  saving,
  onSwitch,
  onClose,
}: SwitchFocusDialogProps) {
  return (
    <Modal
      title={`切换到「${next}」?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn-primary"
            data-autofocus
            disabled={saving}
            onClick={onSwitch}
          >
            {saving ? '保存中...' : '结束并切换'}
          </button>
        </>
      }
    >
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        正在专注「{current}」（{progress}）。切换会结束这次专注并保存已专注的时间，然后开始「{next}
        」。
      </p>
    </Modal>
  );
}
