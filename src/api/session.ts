import type { User } from '../domain/schemas/auth';

// The spec keeps a login flag and the user in browser storage; the server-verified design
// adds the session token. All three are written and cleared together.
const FLAG_KEY = 'isLoggedIn';
const USER_KEY = 'currentUser';
const TOKEN_KEY = 'authToken';
// Set by a sign-in with the server's generated password, until 修改初始密码 is answered
// (changed, or 稍后): the shell asks once per such sign-in on this device.
const INITIAL_PASSWORD_KEY = 'pm-initial-password';

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
  s.removeItem(INITIAL_PASSWORD_KEY);
}

/** Whether 修改初始密码 is still to be asked for the stored session. */
export function initialPasswordPending(): boolean {
  return storage()?.getItem(INITIAL_PASSWORD_KEY) === 'true';
}

export function setInitialPasswordPending(pending: boolean): void {
  const s = storage();
  if (!s) return;
  if (pending) s.setItem(INITIAL_PASSWORD_KEY, 'true');
  else s.removeItem(INITIAL_PASSWORD_KEY);
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
