import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dropParam } from './useDeepLink';

/**
 * Opens one record from a link such as `/tasks?open=<id>` (搜索全部's results, issue 63): once
 * `items` has loaded, `open` gets the record with that id, and the parameter is dropped with a
 * replace navigation, as useDeepLink does, so that a reload or a Back does not open it again.
 * A record no longer there is let go without a word. `open` must be idempotent (StrictMode).
 */
export function useOpenLink<T extends { id: string }>(
  items: readonly T[] | undefined,
  open: (item: T) => void,
  name = 'open',
): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(name);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (id === null || items === undefined) return;
    const item = items.find((i) => i.id === id);
    if (item) openRef.current(item);
    dropParam(setParams, name);
  }, [id, items, name, setParams]);
}
