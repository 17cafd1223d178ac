import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

// A push service on https://127.0.0.1 with a self-signed certificate, as a browser's would be:
// it checks each request's VAPID JWT (ES256 over its own origin as audience) and decrypts the
// aes128gcm body (RFC 8188 + RFC 8291) with the subscription's private key, which only the
// "browser" (this test) holds.

interface Received {
  /** Which fake subscription it was sent to. */
  name: string;
  at: number;
  payload: { title: string; body: string; kind: string; url: string };
}

export interface FakeSubscription {
  name: string;
  /** What PushSubscription.toJSON() gives. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  status: number;
}

/** A self-signed certificate for 127.0.0.1, made with openssl into `dir`. */
export function makeCertificate(dir: string) {
  const key = join(dir, 'push-key.pem');
  const cert = join(dir, 'push-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

const b64 = (b: Buffer) => b.toString('base64url');

/** RFC 8291 decryption of a one-record aes128gcm body. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Throws unless `header` is `vapid t=<ES256 JWT for audience>, k=<its public key>`. */
function checkVapid(header: string | undefined, audience: string, publicKey: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no vapid authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('signed with another key');
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('bad JWT signature');
  const h = JSON.parse(Buffer.from(head, 'base64url').toString());
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (h.alg !== 'ES256') throw new Error(`alg ${h.alg}`);
  if (c.aud !== audience) throw new Error(`aud ${c.aud}`);
  const now = Date.now() / 1000;
  if (!(c.exp > now && c.exp <= now + 24 * 3600)) throw new Error(`exp ${c.exp}`);
  if (!/^(mailto:|https:)/.test(c.sub)) throw new Error(`sub ${c.sub}`);
}

export async function startFakePushService(certs: { key: string; cert: string }) {
  const received: Received[] = [];
  const problems: string[] = [];
  const subs = new Map<string, FakeSubscription>();
  let publicKey = '';
  let origin = '';
  const server: Server = createServer(
    { key: readFileSync(certs.key), cert: readFileSync(certs.cert) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        const sub = subs.get(name);
        try {
          if (req.method !== 'POST' || !sub) throw new Error(`unknown ${req.method} ${req.url}`);
          checkVapid(req.headers.authorization, origin, publicKey);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('encoding');
          if (!req.headers.ttl) throw new Error('no TTL');
          const text = decrypt(Buffer.concat(chunks), sub.ecdh, sub.auth);
          if (sub.status < 300) received.push({ name, at: Date.now(), payload: JSON.parse(text) });
          res.writeHead(sub.status).end();
        } catch (err) {
          problems.push((err as Error).message);
          res.writeHead(400).end();
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    /** The VAPID public key the server's pushes must be signed with. */
    expectKey(key: string) {
      publicKey = key;
    },
    /** A browser's subscription: a fresh P-256 key pair and auth secret. */
    subscribe(name: string, status = 201): FakeSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const sub = {
        name,
        ecdh,
        auth,
        status,
        json: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
        },
      };
      subs.set(name, sub);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
