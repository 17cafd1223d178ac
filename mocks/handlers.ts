import { http, passthrough } from 'msw';
import type { DemoServer } from './demo-server';

/** Anchored at the origin: in the dev server the app's own modules live under /src/api/. */
export const API_REQUEST = /^https?:\/\/[^/]+\/(?:api\/|health(?:$|\?))/;

/**
 * Every /api call and the health check go to the real Hono app; everything else (the
 * SPA's own files) passes through. Per-test overrides are prepended with server.use().
 * `afterWrite` runs after each request that may have changed the store.
 */
export function demoHandlers(server: Pick<DemoServer, 'app'>, afterWrite?: () => void) {
  return [
    http.all(API_REQUEST, async ({ request }) => {
      const response = await server.app.fetch(request);
      if (request.method !== 'GET') afterWrite?.();
      return response;
    }),
    http.all('*', () => passthrough()),
  ];
}
