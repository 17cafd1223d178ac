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
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** What a challenge is for: a sign-in (anyone's), or a passkey that this user registers. */
type Purpose = { for: 'login' } | { for: 'register'; username: string };

/** A genuine, unexpired challenge, as `Challenges.open` read it. */
interface OpenChallenge {
  nonce: string;
  expiresAt: number;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** `for.expiresAt.nonce.mac`: what the challenge's bytes spell (the user name is only signed). */
const CHALLENGE = /^(login|register)\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * Challenges that the server signs instead of storing, so that asking for one costs it nothing
 * to keep: a flood of option requests cannot fill anything and shut passkeys for everyone
 * (issue 57). Each carries its purpose and expiry under an HMAC-SHA256; what is kept is only
 * the set of challenges already answered, until they expire, so that each is accepted once.
 *
 * The key is this process's own by default: the used set lives in memory, and a key that
 * outlived it would let a challenge spent before a restart be spent again after it. A restart
 * only makes a ceremony under way start over, as the stored challenges did before.
 */
export class Challenges {
  private readonly key: Promise<CryptoKey>;
  /** Nonces of the challenges answered, with when each expires. */
  private readonly used = new Map<string, number>();
  private sweepAt = 1024;

  constructor(key: Uint8Array = crypto.getRandomValues(new Uint8Array(32))) {
    this.key = crypto.subtle.importKey(
      'raw',
      key as BufferSource,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** The signed text; the username of a registration is signed but not spelled out. */
  private static signed(purpose: Purpose, expiresAt: number, nonce: string) {
    const who = purpose.for === 'register' ? purpose.username : '';
    return new TextEncoder().encode(`pk1\n${purpose.for}\n${who}\n${expiresAt}\n${nonce}`);
  }

  /** A new challenge's bytes, for generate…Options' `challenge`. Nothing is stored. */
  async issue(purpose: Purpose, now: number): Promise<Uint8Array<ArrayBuffer>> {
    const expiresAt = now + CHALLENGE_TTL_MS;
    const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const mac = new Uint8Array(
      await crypto.subtle.sign(
        'HMAC',
        await this.key,
        Challenges.signed(purpose, expiresAt, nonce),
      ),
    );
    return new TextEncoder().encode(`${purpose.for}.${expiresAt}.${nonce}.${base64url(mac)}`);
  }

  /**
   * The challenge an answer carries (base64url, as in clientDataJSON) if this server made it for
   * `purpose`, it has not expired and it has not been accepted yet.
   */
  async open(challenge: string, purpose: Purpose, now: number): Promise<OpenChallenge | undefined> {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(challenge));
    } catch {
      return undefined;
    }
    const match = CHALLENGE.exec(text);
    if (!match || match[1] !== purpose.for) return undefined;
    const expiresAt = Number(match[2]);
    const nonce = match[3]!;
    if (expiresAt <= now || this.used.has(nonce)) return undefined;
    const genuine = await crypto.subtle.verify(
      'HMAC',
      await this.key,
      fromBase64url(match[4]!) as BufferSource,
      Challenges.signed(purpose, expiresAt, nonce),
    );
    return genuine ? { nonce, expiresAt } : undefined;
  }

  /**
   * Accepts an opened challenge once its answer has verified: false when another answer to it
   * got there first. Only verified answers are kept, so the set holds no more than the real
   * sign-ins and registrations of the last few minutes; forged answers add nothing.
   */
  spend({ nonce, expiresAt }: OpenChallenge, now: number): boolean {
    if (this.used.has(nonce) || expiresAt <= now) return false;
    if (this.used.size >= this.sweepAt) {
      for (const [n, until] of this.used) if (until <= now) this.used.delete(n);
      // Swept again only when it has doubled: a sweep stays a small share of the spends.
      this.sweepAt = Math.max(1024, this.used.size * 2);
    }
    this.used.set(nonce, expiresAt);
    return true;
  }

  /** How many answered challenges are remembered (the tests read it). */
  get size(): number {
    return this.used.size;
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
