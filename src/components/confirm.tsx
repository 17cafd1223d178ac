import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { Modal } from './Modal';

interface ConfirmOptions {
  confirmLabel?: string;
  /** A second line under the question: what else the action takes with it. */
  detail?: string;
}

interface Pending {
  message: string;
  confirmLabel: string;
  detail?: string;
  resolve: (ok: boolean) => void;
}

type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * An in-page replacement for window.confirm: keyboard-usable and testable. It opens on its
 * confirm button, so Enter confirms and Escape (or Back) declines.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (message, options) =>
      new Promise<boolean>((resolve) => {
        setPending({
          message,
          confirmLabel: options?.confirmLabel ?? '确定',
          detail: options?.detail,
          resolve,
        });
      }),
    [],
  );

  function answer(ok: boolean) {
    pending?.resolve(ok);
    setPending(null);
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        <Modal
          title="请确认"
          onClose={() => answer(false)}
          footer={
            <>
              <button type="button" className="btn-secondary" onClick={() => answer(false)}>
                取消
              </button>
              <button
                type="button"
                className="btn-danger"
                data-autofocus
                onClick={() => answer(true)}
              >
                {pending.confirmLabel}
              </button>
            </>
          }
        >
          <p className="break-words text-slate-700">{pending.message}</p>
          {pending.detail && <p className="mt-1.5 text-sm text-slate-500">{pending.detail}</p>}
        </Modal>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
