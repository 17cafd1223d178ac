// Where keyboard focus goes back to after a dialog or a delete. The element that had it may
// be gone by then: an edited asset is a new version, so its row is a new element; a deleted
// row is gone for good. Focus must not then fall to the page (the keyboard user would start
// again from the top).

const FRAME_LIMIT = 60;

const focusIsFree = () => {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
};

function ancestorsOf(element: HTMLElement): HTMLElement[] {
  const chain: HTMLElement[] = [];
  for (
    let node = element.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    chain.push(node);
  }
  return chain;
}

function focusHolder(node: HTMLElement) {
  // A list or a card is not focusable by itself; programmatic focus needs tabindex -1.
  if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
  node.focus({ preventScroll: true });
}

export interface FocusMemo {
  /**
   * Back to the element, or its successor (same row key, same name), or what held it —
   * unless focus has meanwhile gone somewhere else than `closing` (the dialog going away).
   */
  restore: (closing?: HTMLElement | null) => void;
  /** Once the element is removed (its row deleted), focus what held it. */
  followRemoval: () => void;
}

/**
 * Remembers the focused element. A row can carry `data-focus-key` (a stable key such as an
 * asset's chain id): a button in a new row with the same key and the same accessible name
 * then counts as the same button.
 */
export function rememberFocus(): FocusMemo {
  const active = document.activeElement;
  const element = active instanceof HTMLElement && !focusIsFree() ? active : null;
  if (!element) return { restore: () => undefined, followRemoval: () => undefined };
  const key = element.closest<HTMLElement>('[data-focus-key]')?.dataset.focusKey;
  const label = element.getAttribute('aria-label');
  const ancestors = ancestorsOf(element);

  const successor = (): HTMLElement | null => {
    if (element.isConnected) return element;
    if (!key) return null;
    const row = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
      (node) => node.dataset.focusKey === key,
    );
    if (!row) return null;
    const same = [...row.querySelectorAll<HTMLElement>('button, a[href], input, select')].find(
      (node) => node.getAttribute('aria-label') === label && node.tagName === element.tagName,
    );
    return same ?? null;
  };
  const holder = () => ancestors.find((node) => node.isConnected);

  return {
    restore(closing) {
      let frames = 0;
      const attempt = () => {
        if (!focusIsFree() && !closing?.contains(document.activeElement)) return;
        const target = successor();
        if (target) {
          target.focus();
          // The list may re-render a moment later and replace the row (a saved edit).
          if (target === element) watchRemoval();
          return;
        }
        // The new row may come with the next render.
        if (frames++ < 3) return void requestAnimationFrame(attempt);
        const fallback = holder();
        if (fallback) focusHolder(fallback);
      };
      let watched = 0;
      const watchRemoval = () => {
        if (element.isConnected) {
          if (watched++ < FRAME_LIMIT) requestAnimationFrame(watchRemoval);
          return;
        }
        frames = 0;
        attempt();
      };
      attempt();
    },
    followRemoval() {
      let frames = 0;
      const watch = () => {
        if (!element.isConnected) {
          if (!focusIsFree()) return;
          const fallback = holder();
          if (fallback) focusHolder(fallback);
          return;
        }
        // Still there (the list has not re-rendered yet, or the delete failed): look again.
        if (frames++ < FRAME_LIMIT) requestAnimationFrame(watch);
      };
      watch();
    },
  };
}
