import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A click handler that takes a plain `<a href>` within the app through the router, as `Link`
 * would: a plain left click navigates in place; a modified or middle click is the browser's
 * (a new tab). One per list, not one `Link` per row: each `Link` read the router's location,
 * navigator and path resolution as it mounted, ~7 ms at 4× CPU for the ~10 rows a search or a
 * view on /tasks mounts (bench:web profile).
 */
export function useFollowLink() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute('href');
      if (!href?.startsWith('/')) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
