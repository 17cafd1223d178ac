import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { Modal } from './Modal';

interface Pending {
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

type Confirm = (message: string, options?: { confirmLabel?: string }) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** An in-page replacement for window.confirm: keyboard-usable and testable. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (message, options) =>
      new Promise<boolean>((resolve) => {
        setPending({ message, confirmLabel: options?.confirmLabel ?? '确定', resolve });
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
              <button type="button" className="btn-danger" autoFocus onClick={() => answer(true)}>
                {pending.confirmLabel}
              </button>
            </>
          }
        >
          <p className="text-slate-700">{pending.message}</p>
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
