import { z } from 'zod';

// 通行密钥 (WebAuthn): the bodies of /api/auth/passkeys/*. The browser's answers are checked for
// shape here and for meaning by @simplewebauthn/server.

/** One passkey as 账号安全 lists it. */
export interface PasskeyInfo {
  id: string;
  name: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601; '' when never used to sign in. */
  lastUsedAt: string;
}

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, '编码无效');

/** A PublicKeyCredential as @simplewebauthn/browser serialises it. */
const credential = <R extends z.ZodRawShape>(response: R) =>
  z.looseObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url.min(1), ...response }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  });

export const registerPasskeySchema = z.object({
  response: credential({
    attestationObject: base64url.min(1),
    transports: z.optional(z.array(z.string().max(32)).max(10)),
  }),
  /** What to call it; the browser and system it was made on when empty. */
  name: z.string().trim().max(64, '名称最多 64 个字符').default(''),
});

export const passkeyLoginOptionsSchema = z.object({
  /**
   * Read and not used: the answer is the same for every name (discoverable passkeys), so that
   * it tells no one whether an account exists or has passkeys. Kept for older clients.
   */
  username: z.string().trim().max(64).default(''),
});

export const passkeyLoginSchema = z.object({
  response: credential({
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: z.optional(base64url),
  }),
  /** The device tokens this browser holds (any account): the one of the account signed in is renewed. */
  deviceTokens: z.array(z.string().max(512)).max(20).default([]),
});
