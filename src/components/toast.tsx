import { CheckCircle2, X, XCircle } from 'lucide-react';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

type Tone = 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  tone: Tone;
}

export interface Toaster {
  show: (message: string, tone?: Tone) => void;
  error: (message: string) => void;
  success: (message: string) => void;
  dismiss: (id: number) => void;
  subscribe: (listener: () => void) => () => void;
  list: () => readonly Toast[];
}

const DISMISS_AFTER_MS = { success: 3000, error: 6000 } as const;

/**
 * The toasts of one app instance, outside React: the query client's error handler (one
 * place for every failed mutation, docs/architecture.md, house rule 4) shows them as well as components.
 */
export function createToaster(): Toaster {
  let toasts: readonly Toast[] = [];
  let next = 0;
  const listeners = new Set<() => void>();
  const set = (value: readonly Toast[]) => {
    toasts = value;
    for (const listener of listeners) listener();
  };
  const dismiss = (id: number) => set(toasts.filter((t) => t.id !== id));
  const show = (message: string, tone: Tone = 'success') => {
    const id = ++next;
    // At most four at once: a burst of failures must not bury the screen.
    set([...toasts.slice(-3), { id, message, tone }]);
    setTimeout(() => dismiss(id), DISMISS_AFTER_MS[tone]);
  };
  return {
    show,
    error: (message) => show(message, 'error'),
    success: (message) => show(message, 'success'),
    dismiss,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => toasts,
  };
}

const ToastContext = createContext<Toaster | null>(null);

/**
 * The spec's "alert" messages as non-blocking, accessible toasts (docs/architecture.md, Decisions "Alerts"): each is a
 * role="alert" element carrying the exact text, dismissed by time or by its close button.
 */
export function ToastProvider({ toaster, children }: { toaster: Toaster; children: ReactNode }) {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.list);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 px-4">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role="alert"
            className={`pointer-events-auto flex w-full max-w-md items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg ${
              toast.tone === 'error'
                ? 'border-red-200 bg-red-50 text-red-800'
                : 'border-emerald-200 bg-emerald-50 text-emerald-800'
            }`}
          >
            {toast.tone === 'error' ? (
              <XCircle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
            ) : (
              <CheckCircle2 size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
            )}
            <span className="flex-1">{toast.message}</span>
            <button
              type="button"
              aria-label="关闭提示"
              className="shrink-0 opacity-60 hover:opacity-100"
              onClick={() => toaster.dismiss(toast.id)}
            >
              <X size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside <ToastProvider>');
  return toaster;
}
