import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterPaint } from '../api/idle';
import { useDrawnHidden } from './DrawnAhead';
import { openDialog } from './dialog-stack';
import { rememberFocus } from './focus-return';
import { whenIdle } from './when';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Footer buttons; forms usually render their own inside `children`. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /**
   * The form holds input not yet saved: Escape, a tap on the backdrop and the phone's Back
   * ask before throwing it away. 关闭 and 取消 are deliberate and do not ask.
   */
  dirty?: boolean;
  /** `alertdialog` for a question about something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * How a dialog drawn ahead (DrawnAhead) waits unseen. `content-visibility: hidden` on a wrapper
 * keeps the browser's style and layout of the form and skips it (no paint, no focus, no
 * find-in-page), so that lifting it costs a paint and little else. Hiding the dialog itself
 * with `visibility: hidden` and `inert`, as before, made the press restyle every element of the
 * form, since both are inherited: 12–19 ms at 4× CPU for the 80–100 elements of 添加记录 and
 * 添加任务 against 1–5 ms lifted (Chromium, demo data). Where the property is unknown (Safari
 * before 18, Firefox before 125), the dialog hides itself as before.
 */
const skipsRendering = () =>
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('content-visibility', 'hidden');
const SKIPPED = { contentVisibility: 'hidden' } as const;
// Still laid out (unlike display: none), so that showing it costs a paint, not a layout.
const HIDDEN = { visibility: 'hidden' } as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focuses what a dialog opens on: the element marked `data-autofocus` (金额 in a money form,
 * the confirm button of a confirmation), else the first field that can take focus (a hidden
 * file input cannot), else the dialog itself.
 */
function focusInitial(panel: HTMLElement) {
  const candidates = [
    ...panel.querySelectorAll<HTMLElement>('[data-autofocus]'),
    ...panel.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea'),
  ];
  for (const candidate of candidates) {
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
  panel.focus();
}

/**
 * An accessible dialog: named by its heading, Escape, the backdrop and Back close it (asking
 * first when a form would lose input), Tab stays inside, and focus returns to whatever
 * opened it — or, when that is gone, to what held it.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  dirty = false,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  // Drawn ahead and not open yet (DrawnAhead): laid out, not shown, and not registered.
  const hidden = useDrawnHidden();
  const panel = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // Escape, the backdrop and Back: a deliberate close button does not come here.
  const requestClose = useRef(() => {
    if (dirtyRef.current) setAsking(true);
    else close.current();
  });

  // A skipped form is not styled nor laid out by the frames that follow: asking for its box
  // does both, once, while the screen is idle, and the browser keeps them for the opening.
  useEffect(() => {
    if (!hidden || !skipsRendering()) return;
    return whenIdle(() => panel.current?.getBoundingClientRect());
  }, [hidden]);

  // Drawn ahead (DrawnAhead): the press that opens it shows it, and its first focus follows
  // that paint. In the press, the focus brought the page's style and layout up to date for it
  // and ran the focus events before the frame (~25 ms of a ~100 ms opening at 4× CPU,
  // bench:web); Tab before then still enters the dialog (dialog-stack's keydown).
  const drawnAhead = useRef(hidden);
  useEffect(() => {
    if (hidden) return;
    const opener = rememberFocus();
    const node = panel.current;
    let open = true;
    // Unless a field already has it by then: on a busy phone the paint can come after the user
    // (or a test) has tapped a field and begun to type, and moving focus then sent the rest of
    // the typing into another field (assets.e2e: 名称 came out empty, its text lost).
    if (node && drawnAhead.current)
      void afterPaint().then(() => {
        if (open && !node.contains(document.activeElement)) focusInitial(node);
      });
    else if (node) focusInitial(node);

    const unregister = openDialog({
      requestClose: () => requestClose.current(),
      onKeyDown(event) {
        if (event.key === 'Escape') {
          event.preventDefault();
          requestClose.current();
          return;
        }
        if (event.key !== 'Tab' || !node) return;
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        const inside = node.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === firstItem || !inside)) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && (document.activeElement === lastItem || !inside)) {
          event.preventDefault();
          firstItem.focus();
        }
      },
    });
    return () => {
      open = false;
      unregister();
      opener.restore(node);
    };
  }, [hidden]);

  const skipped = hidden && skipsRendering();
  const hides = hidden && !skipped;
  return createPortal(
    // A block of no height at the end of the page while open; its dialog is fixed.
    <div
      style={skipped ? SKIPPED : undefined}
      // Said outright too: not every accessibility tree reads inert or a skipped subtree.
      aria-hidden={hidden || undefined}
    >
      <div
        className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4"
        style={hides ? HIDDEN : undefined}
        inert={hides}
      >
        <div
          className="absolute inset-0 bg-slate-900/40 dark:bg-black/60"
          aria-hidden="true"
          onClick={() => requestClose.current()}
        />
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal */}
        <div
          ref={panel}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`relative flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-md'}`}
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-5 py-3">
            {/* A title may carry a user's text (切换到「…」?): an unbroken one wraps inside. */}
            <h2
              id={titleId}
              className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]"
            >
              {title}
            </h2>
            <button
              type="button"
              className="btn-icon shrink-0"
              aria-label="关闭"
              onClick={() => close.current()}
            >
              <X size={18} />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
              {footer}
            </div>
          )}
        </div>
        {asking && (
          <Modal
            title="放弃未保存的内容吗？"
            onClose={() => setAsking(false)}
            footer={
              <>
                <button
                  type="button"
                  className="btn-secondary"
                  data-autofocus
                  onClick={() => setAsking(false)}
                >
                  继续编辑
                </button>
                <button
                  type="button"
                  className="btn-danger"
                  onClick={() => {
                    setAsking(false);
                    close.current();
                  }}
                >
                  放弃
                </button>
              </>
            }
          >
            <p className="text-slate-700">已填写的内容还没有保存，放弃后将无法找回。</p>
          </Modal>
        )}
      </div>
    </div>,
    document.body,
  );
}
