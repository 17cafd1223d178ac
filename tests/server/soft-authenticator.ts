import { createHash, webcrypto } from 'node:crypto';

// A passkey authenticator in software (ES256, 'none' attestation, user verified), so that the
// server's WebAuthn routes can be driven without a browser. Just enough CBOR for its answers.

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
interface CborMap extends Map<number | string, Cbor> {}

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
  return [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function cbor(value: Cbor): number[] {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return [...head(5, entries.length), ...entries.flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(bytes).digest());

/** ECDSA's raw r‖s as the ASN.1 DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (part: Uint8Array) => {
    let i = 0;
    while (i < part.length - 1 && part[i] === 0) i += 1;
    const trimmed = part.slice(i);
    const body = trimmed[0]! & 0x80 ? [0, ...trimmed] : [...trimmed];
    return [0x02, body.length, ...body];
  };
  const seq = [...int(raw.slice(0, 32)), ...int(raw.slice(32))];
  return new Uint8Array([0x30, seq.length, ...seq]);
}

interface Options {
  challenge: string;
  rp?: { id: string };
  rpId?: string;
}

export class SoftAuthenticator {
  private counter = 0;
  credentialId = new Uint8Array(webcrypto.getRandomValues(new Uint8Array(16)));
  /** Public so a test can give another origin's authenticator the same key. */
  keys?: CryptoKeyPair;

  constructor(private readonly origin = 'http://localhost') {}

  private clientData(type: string, challenge: string) {
    return new TextEncoder().encode(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  /** The browser's answer to registration options, as @simplewebauthn/browser sends it. */
  async register(options: Options) {
    this.keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const jwk = await webcrypto.subtle.exportKey('jwk', this.keys.publicKey);
    const cose = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const id = this.credentialId;
    const authData = new Uint8Array([
      ...sha256(options.rp!.id),
      0x45, // user present, user verified, attested credential data
      0,
      0,
      0,
      0,
      ...new Uint8Array(16),
      id.length >> 8,
      id.length & 255,
      ...id,
      ...cbor(cose),
    ]);
    const attestationObject = new Uint8Array(cbor({ fmt: 'none', attStmt: {}, authData }));
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's answer to authentication options, signed with this passkey. */
  async authenticate(options: Options) {
    this.counter += 1;
    const c = this.counter;
    const authData = new Uint8Array([
      ...sha256(options.rpId!),
      0x05, // user present, user verified
      (c >>> 24) & 255,
      (c >> 16) & 255,
      (c >> 8) & 255,
      c & 255,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = new Uint8Array([...authData, ...sha256(clientDataJSON)]);
    const raw = new Uint8Array(
      await webcrypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        this.keys!.privateKey,
        signed,
      ),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(der(raw)),
        userHandle: b64url(sha256('x')),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
