import type { User } from '../domain/schemas/auth';

// The spec keeps a login flag and the user in browser storage; the server-verified design
// adds the session token. All three are written and cleared together.
const FLAG_KEY = 'isLoggedIn';
const USER_KEY = 'currentUser';
const TOKEN_KEY = 'authToken';

export interface StoredSession {
  user: User;
  token: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Private modes and sandboxed frames may forbid storage altogether.
    return null;
  }
}

/** The session a Web Worker was handed (it has no localStorage): see worker/fill-worker.ts. */
let adopted: StoredSession | null = null;

export function adoptSession(session: StoredSession): void {
  adopted = session;
}

export function readSession(): StoredSession | null {
  if (adopted) return adopted;
  const s = storage();
  if (s?.getItem(FLAG_KEY) !== 'true') return null;
  const token = s.getItem(TOKEN_KEY);
  const raw = s.getItem(USER_KEY);
  if (!token || !raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<User>;
    if (typeof user.username !== 'string' || !user.username) return null;
    return {
      token,
      user: { username: user.username, displayName: user.displayName || user.username },
    };
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession): void {
  const s = storage();
  if (!s) return;
  s.setItem(FLAG_KEY, 'true');
  s.setItem(USER_KEY, JSON.stringify(session.user));
  s.setItem(TOKEN_KEY, session.token);
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(FLAG_KEY);
  s.removeItem(USER_KEY);
  s.removeItem(TOKEN_KEY);
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when the server no longer accepts the stored token (expired or revoked elsewhere). */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function notifySessionExpired(): void {
  for (const listener of expiredListeners) listener();
}
