import { CheckCircle2, X, XCircle } from 'lucide-react';
import {
  createContext,
  type FocusEvent,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';

type Tone = 'success' | 'error';

/** A button in the toast, such as 撤销: pressing it runs `onClick` and dismisses the toast. */
interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Toast {
  id: number;
  message: string;
  tone: Tone;
  action?: ToastAction;
}

export interface Toaster {
  show: (message: string, tone?: Tone, action?: ToastAction) => void;
  error: (message: string) => void;
  success: (message: string) => void;
  dismiss: (id: number) => void;
  /** Keeps a toast while the pointer or the focus is on it; `release` starts its time again. */
  hold: (id: number) => void;
  release: (id: number) => void;
  subscribe: (listener: () => void) => () => void;
  list: () => readonly Toast[];
}

const DISMISS_AFTER_MS = { success: 3000, error: 6000 } as const;
/** A toast with a button (撤销) stays long enough to be read and pressed. */
const ACTION_DISMISS_AFTER_MS = 6000;

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
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set(toasts.filter((t) => t.id !== id));
  };
  const lifetime = (toast: Toast) =>
    toast.action ? ACTION_DISMISS_AFTER_MS : DISMISS_AFTER_MS[toast.tone];
  const start = (toast: Toast) => {
    clearTimeout(timers.get(toast.id));
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), lifetime(toast)),
    );
  };
  const show = (message: string, tone: Tone = 'success', action?: ToastAction) => {
    const toast: Toast = { id: ++next, message, tone, ...(action && { action }) };
    // At most four at once: a burst of failures must not bury the screen.
    set([...toasts.slice(-3), toast]);
    start(toast);
  };
  return {
    show,
    error: (message) => show(message, 'error'),
    success: (message) => show(message, 'success'),
    dismiss,
    hold: (id) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
    },
    release: (id) => {
      const toast = toasts.find((t) => t.id === id);
      if (toast?.action) start(toast);
    },
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
 * One with an action (已记一笔 · 撤销) keeps its time while the pointer or the focus is in it,
 * so a keyboard user who tabs to 撤销 does not lose it mid-way.
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
            {...(toast.action && {
              onMouseEnter: () => toaster.hold(toast.id),
              onMouseLeave: () => toaster.release(toast.id),
              onFocus: () => toaster.hold(toast.id),
              onBlur: (event: FocusEvent<HTMLDivElement>) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                  toaster.release(toast.id);
                }
              },
            })}
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
            {toast.action && (
              <button
                type="button"
                className="-my-1 shrink-0 rounded-md px-2 py-1 font-semibold underline underline-offset-2 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-blue-500"
                onClick={() => {
                  toaster.dismiss(toast.id);
                  toast.action?.onClick();
                }}
              >
                {toast.action.label}
              </button>
            )}
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
