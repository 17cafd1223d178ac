import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { LoginInput, LoginResponse, User } from '../domain/schemas/auth';
import { apiRequest, preloadHttpClient, publicRequest } from './http';
import { dropBrowserPush } from './push-device';
import {
  clearSession,
  onSessionExpired,
  readSession,
  saveSession,
  setInitialPasswordPending,
} from './session';
import { loadWebAuthn } from './webauthn-loader';

type AuthStatus = 'authenticated' | 'anonymous';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Signs in against the server; rejects with the server's message (用户名或密码错误). */
  login: (input: LoginInput) => Promise<void>;
  /**
   * Signs in with a 通行密钥: of that account when a username is given, else any this device
   * holds. Rejects with a message to show (the user cancelled, the passkey was removed…).
   */
  loginWithPasskey: (username: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Why the user is back at the login screen when it was not their doing (登录已过期). */
  notice: string | null;
}

const SESSION_EXPIRED = '登录已过期，请重新登录';

// The device token of each account signed in from this browser (server/auth.ts DeviceTokens).
// Kept past 退出登录: it marks the device, not the session, and spares its owner the limits that
// strangers' failed guesses put on the account.
const deviceKey = (username: string) => `pm-device:${username}`;

function readDeviceToken(username: string): string | undefined {
  try {
    return localStorage.getItem(deviceKey(username)) ?? undefined;
  } catch {
    return undefined;
  }
}

function saveDeviceToken(username: string, token: string | undefined) {
  if (!token) return;
  try {
    localStorage.setItem(deviceKey(username), token);
  } catch {
    // Storage full or blocked: the next login is simply a stranger's.
  }
}

/** Every device token this browser holds: a passkey sign-in names no account before it ends. */
function allDeviceTokens(): string[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith('pm-device:'))
      .map((key) => localStorage.getItem(key) ?? '')
      .filter(Boolean)
      .slice(0, 20);
  } catch {
    return [];
  }
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Whether a session is stored; if so, the HTTP client starts downloading now, so that the
 * opening screen's first request does not wait for it (issue 16).
 */
export function warmUpSession(): boolean {
  if (!readSession()) return false;
  preloadHttpClient();
  return true;
}

export function AuthProvider({
  queryClient,
  children,
}: {
  /**
   * The app's query client, once there is one (the signed-in shell makes it): what a sign-in
   * or sign-out clears. Asked for, not held: the login route loads no TanStack Query.
   */
  queryClient: () => QueryClient | undefined;
  children: ReactNode;
}) {
  // docs/spec.md §4: a stored flag plus a stored user restore the session at start. Read in the first
  // render, not in an effect after it: main.tsx renders the app in a transition, which React
  // slices into short tasks, but an effect's update renders at once. Restored in an effect, the
  // transition drew only a spinner and the shell and screen were then drawn in one task
  // (174 ms in a Lighthouse trace of /accounting, issue 16).
  const [user, setUser] = useState<User | null>(() => readSession()?.user ?? null);
  // Nothing is awaited at start, so the status is whether there is a user.
  const status: AuthStatus = user ? 'authenticated' : 'anonymous';
  const [notice, setNotice] = useState<string | null>(null);

  /** Ends the session in this tab; `signedOut` also forgets the user's local data. */
  const forget = useCallback(
    async (signedOut: boolean) => {
      const username = readSession()?.user.username ?? user?.username;
      const client = queryClient();
      clearSession();
      client?.clear();
      setUser(null);
      // Signed out elsewhere, the server has dropped this browser's subscription already.
      if (!signedOut) void dropBrowserPush({ tellServer: false });
      // Loaded only now, so the login route does not carry the data layer.
      const { endSession } = await import('./logout-policy');
      if (username) await endSession(client, { username, signedOut });
    },
    [queryClient, user],
  );

  // The server refused the token (expired, or revoked by a logout elsewhere): the login
  // screen says so, rather than the app simply dropping the user there.
  useEffect(
    () =>
      onSessionExpired(() => {
        setNotice(SESSION_EXPIRED);
        void forget(false);
      }),
    [forget],
  );

  const value = useMemo<AuthState>(() => {
    const signIn = ({ token, user: signedIn, deviceToken, initialPassword }: LoginResponse) => {
      saveDeviceToken(signedIn.username, deviceToken);
      // Whatever the previous user left cached must not show for this one.
      queryClient()?.clear();
      saveSession({ token, user: signedIn });
      setInitialPasswordPending(initialPassword === true);
      setNotice(null);
      setUser(signedIn);
    };
    return {
      status,
      user,
      login: async (input) =>
        signIn(
          await publicRequest<LoginResponse>('POST', '/api/auth/login', {
            ...input,
            deviceToken: readDeviceToken(input.username),
          }),
        ),
      loginWithPasskey: async (username) => {
        // Loaded at the click: the login route's budget has no room for WebAuthn's library.
        const { signInWithPasskey } = await loadWebAuthn();
        signIn(await signInWithPasskey(username, allDeviceTokens()));
      },
      logout: async () => {
        // Whoever uses this browser next must not get this account's reminders, nor be able to
        // press their 完成 / 打卡 (the server drops the subscription with the session too).
        await dropBrowserPush({ tellServer: true });
        await apiRequest<void>('POST', '/api/auth/logout').catch(() => undefined);
        // The logout call itself may meet a revoked token: leaving on purpose is no expiry.
        setNotice(null);
        await forget(true);
      },
      notice,
    };
  }, [status, user, queryClient, forget, notice]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
