// 通行密钥 (WebAuthn): the relying party a request speaks to, and the challenges handed out.
// Runtime-agnostic, like the app: the browser demo runs it too.

/** Where the relying party comes from; see relyingParty. */
export interface WebAuthnConfig {
  /** WEBAUTHN_RP_ID: the domain passkeys are bound to, when not the request's host. */
  rpId?: string;
  /** WEBAUTHN_ORIGIN: the page's origin (https://host[:port]), when not the request's. */
  origin?: string;
  /** TRUST_PROXY: with proxies in front, X-Forwarded-Proto/-Host say what the browser used. */
  trustedHops?: number;
}

const first = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

/**
 * The RP ID and origin the browser signed for: the address it reached, i.e. the request's host
 * and scheme, or what a trusted proxy forwarded. A forged Host gains nothing: an authenticator
 * signs only for the RP ID its passkey was made for, so a passkey of this site never verifies
 * under another name.
 */
export function relyingParty(
  url: string,
  header: (name: string) => string | undefined,
  { rpId, origin, trustedHops = 0 }: WebAuthnConfig,
): { rpId: string; origin: string } {
  const own = new URL(url);
  const proxied = trustedHops > 0;
  const scheme = (proxied && first(header('x-forwarded-proto'))) || own.protocol.slice(0, -1);
  const host = (proxied && first(header('x-forwarded-host'))) || header('host') || own.host;
  const requested = `${scheme}://${host}`;
  const expectedOrigin = origin?.replace(/\/+$/, '') || requested;
  return { rpId: rpId || new URL(expectedOrigin).hostname, origin: expectedOrigin };
}

/** How long a browser has to answer a challenge: the ceremony's own timeout and a little. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Challenges held at once; past that, a flood of option requests is refused, not stored. */
const MAX_CHALLENGES = 10_000;

/** What a challenge was handed out for: a user's registration, or a sign-in. */
interface Pending {
  challenge: string;
  expiresAt: number;
}

/**
 * Challenges kept on the server, each usable once and for a short time: `take` removes what it
 * returns, so a replayed answer finds nothing.
 */
export class Challenges {
  private readonly pending = new Map<string, Pending>();

  /** False when too many are waiting (after dropping the expired). */
  put(key: string, challenge: string, now: number): boolean {
    if (this.pending.size >= MAX_CHALLENGES) {
      for (const [k, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(k);
      if (this.pending.size >= MAX_CHALLENGES) return false;
    }
    this.pending.set(key, { challenge, expiresAt: now + CHALLENGE_TTL_MS });
    return true;
  }

  /** The challenge stored under `key` if it has not expired; either way it is gone after. */
  take(key: string, now: number): string | undefined {
    const found = this.pending.get(key);
    this.pending.delete(key);
    return found && found.expiresAt > now ? found.challenge : undefined;
  }
}

/** The challenge a browser's answer was made for, read from its clientDataJSON (base64url). */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const text = new TextDecoder().decode(
      Uint8Array.from(atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/')), (ch) =>
        ch.charCodeAt(0),
      ),
    );
    const challenge = (JSON.parse(text) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}
