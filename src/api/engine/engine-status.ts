import type { StorageTrouble } from '../storage-trouble';
import type { ConflictEntry, OutboxEntry } from './local-db';

// What the engine tells the screens besides the lists: its state for the navigation bar and the
// sync dialog (a snapshot that changes identity when anything in it does), and notices of what
// happened after the fact (a refused change, a conflict) for the toasts.

export interface SyncStatus {
  /** Whether the last attempt reached the server; null before any. */
  reachable: boolean | null;
  /**
   * Why the server, though it answered, could not serve the last change or list (its database
   * damaged, its disk full): the changes wait as they would offline, until one goes through.
   */
  storage: StorageTrouble | null;
  /** The changes waiting, oldest first. */
  waiting: readonly OutboxEntry[];
  /** Lost edits kept for the user to re-apply or let go. */
  conflicts: readonly ConflictEntry[];
  /** The server refused the session: the waiting changes go at the next sign-in. */
  signInNeeded: boolean;
  /**
   * Records this device held that the server, restored from a backup, lacks: offered for
   * upload (restore-offer.ts).
   */
  offered: number;
}

export type Notice = { tone: 'error' | 'info'; message: string };

export class StatusBoard {
  reachable: boolean | null = null;
  storage: StorageTrouble | null = null;
  signInNeeded = false;
  private current: SyncStatus;
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: Notice) => void>();
  private readonly unheard: Notice[] = [];

  /** `lists`: the outbox, the conflicts and the records on offer as they are now. */
  constructor(private readonly lists: () => Pick<SyncStatus, 'waiting' | 'conflicts' | 'offered'>) {
    this.current = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  status = () => this.current;

  onNotice(listener: (notice: Notice) => void) {
    this.noticeListeners.add(listener);
    // Said before anyone listened (a damaged copy found as the app starts): said now.
    for (const notice of this.unheard.splice(0)) listener(notice);
    return () => this.noticeListeners.delete(listener);
  }

  notify(notice: Notice) {
    if (this.noticeListeners.size === 0) this.unheard.push(notice);
    for (const listener of this.noticeListeners) listener(notice);
  }

  changed() {
    this.current = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  /** `storage`: why a server that answered could not serve; cleared by any other outcome. */
  setReachable(reachable: boolean, storage: StorageTrouble | null = null) {
    if (
      this.reachable === reachable &&
      this.storage?.reason === storage?.reason &&
      this.storage?.message === storage?.message
    ) {
      return;
    }
    this.reachable = reachable;
    this.storage = storage;
    this.changed();
  }

  private makeSnapshot(): SyncStatus {
    return {
      reachable: this.reachable,
      storage: this.storage,
      ...this.lists(),
      signInNeeded: this.signInNeeded,
    };
  }
}
