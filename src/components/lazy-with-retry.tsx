import { type ComponentType, lazy } from 'react';

/**
 * A code chunk that still failed to load after the retries. `renew` lets the next render
 * download it again: the ErrorBoundary that shows it calls this on 重试 and when it goes away.
 */
export class ChunkLoadError extends Error {
  constructor(
    cause: unknown,
    readonly renew: () => void = () => undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

// What browsers and Vite say when an import() or its CSS cannot be fetched (Chromium and
// Vite's preload helper, Firefox, Safari): React.lazy chunks outside lazyWithRetry fail so.
const CHUNK_FAILURE =
  /dynamically imported module|Unable to preload CSS|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message))
  );
}

/** Pauses before the second and third attempt: a flaky connection often recovers within. */
export const RETRY_DELAYS_MS = [400, 1200];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadWithRetries<T>(load: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}

/**
 * React.lazy, but a chunk that fails to load is tried again (RETRY_DELAYS_MS) before the
 * error reaches the nearest ErrorBoundary, and the failure is not kept for good as React.lazy
 * keeps it: the error's `renew` swaps in a fresh React.lazy for the next render.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): ComponentType<P> {
  const fresh = (): ComponentType<P> => {
    const attempt: ComponentType<P> = lazy(() =>
      loadWithRetries(load, delays).then(
        (component) => ({ default: component }),
        (err: unknown) => {
          throw new ChunkLoadError(err, () => {
            if (Current === attempt) Current = fresh();
          });
        },
      ),
    );
    return attempt;
  };
  let Current = fresh();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy is
  function LazyWithRetry(props: P) {
    return <Current {...props} />;
  }
  return LazyWithRetry;
}
