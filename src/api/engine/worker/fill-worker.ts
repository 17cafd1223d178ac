import type { ResourceName } from '../../../domain/resources';
import { adoptSession, type StoredSession } from '../../session';
import { DeviceStore } from '../device-store';
import { type FillEvent, Filler } from './fill';

// The Web Worker that completes the device's copy (fill.ts). The page starts it at sign-in with
// the session (a worker has no localStorage) and may claim a kind at any time; it ends itself
// when done, and the page terminates it at sign-out.

/** What the page sends. */
export type FillCommand =
  | { type: 'start'; session: StoredSession }
  | { type: 'claim'; kind: ResourceName };

interface WorkerScope {
  onmessage: ((event: MessageEvent<FillCommand>) => void) | null;
  postMessage(event: FillEvent): void;
  close(): void;
}
const scope = globalThis as unknown as WorkerScope;

let filler: Filler | null = null;

scope.onmessage = ({ data }) => {
  if (data.type === 'claim') {
    // Claimed before the start was read: nothing is filled yet, the kind is the page's.
    if (filler) filler.claim(data.kind);
    else scope.postMessage({ type: 'released', kind: data.kind });
    return;
  }
  if (filler) return;
  adoptSession(data.session);
  const user = data.session.user.username;
  // Read only (which kinds are stored): the page stores what this worker downloads.
  const store = new DeviceStore(user);
  filler = new Filler({
    store,
    emit: (event) => scope.postMessage(event),
    pause: async () => {},
  });
  void filler.run().finally(() => {
    store.close();
    scope.close();
  });
};
