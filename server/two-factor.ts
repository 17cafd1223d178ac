import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

// 两步验证 (TOTP, RFC 6238) and its recovery codes. Runtime-agnostic: the browser demo runs it too.

/** What a user with two-step sign-in has stored. */
export interface TwoFactorRecord {
  /** The TOTP secret, base32. */
  secret: string;
  /** The last 30-second step a code was accepted for: no code of it or before counts again. */
  lastStep: number;
  /** The SHA-256 (hex) of each unused recovery code, normalised (see normaliseRecoveryCode). */
  recoveryCodes: string[];
}

const PERIOD = 30;
const ISSUER = '个人管理系统';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totp(secret: string, username: string) {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });
}

/** The otpauth:// address an authenticator app reads, and it as a QR code (SVG). */
export function totpEnrolment(secret: string, username: string) {
  const uri = totp(secret, username).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The step a six-digit code is valid for at `now` (one step of clock drift either way). */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code for `now`, for tests and the CLI's check. */
export const totpCode = (secret: string, now: number): string =>
  totp(secret, 'x').generate({ timestamp: now });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use codes, `xxxxx-xxxxx`, ~49 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes as typed do not matter. */
export const normaliseRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/[^a-z0-9]/g, '');
