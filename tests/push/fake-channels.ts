import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Local stand-ins for the reminder channels' servers, on 127.0.0.1 only: an ntfy server and a
// Bark server (HTTP, recording every JSON publish) and an SMTP sink (the smtp-server package).
// Each records what arrived and when; `answer` makes it refuse or stay silent.

export interface Received {
  /** ms since the epoch when it arrived in full. */
  at: number;
  /** The topic, device key or recipient. */
  to: string;
  title: string;
  body: string;
  /** ntfy's click, Bark's url, the link in an e-mail. */
  url?: string;
  /** Everything else it carried (headers, the JSON body, the raw mail). */
  raw: Record<string, unknown>;
}

/** 'ok' answers as the real server does; a status refuses; 'silent' never answers. */
type Answer = 'ok' | number | 'silent';

interface Fake {
  url: string;
  received: Received[];
  answer: Answer;
  /** Targets (topics, keys, recipients) refused with a passing error: 500, or SMTP 451. */
  refuse: Set<string>;
  /** How many sends to a refused target arrived. */
  refused: number;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeHttp(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A fake that has received nothing and answers ok, until its server is listening. */
const newFake = (): Fake => ({
  url: '',
  received: [],
  answer: 'ok',
  refuse: new Set(),
  refused: 0,
  close: async () => {},
});

/** ntfy: JSON publishing at the root (docs.ntfy.sh/publish/#publish-as-json). */
export async function startFakeNtfy(token?: string): Promise<Fake> {
  const fake = newFake();
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    if (fake.answer === 'silent') return;
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 40301, http: 403, error: 'forbidden' }));
      return;
    }
    if (typeof fake.answer === 'number') {
      res.writeHead(fake.answer, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ http: fake.answer, error: 'fake ntfy refuses' }));
      return;
    }
    const body = JSON.parse(text) as Record<string, string>;
    if (fake.refuse.has(body.topic ?? '')) {
      fake.refused++;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ http: 500, error: 'fake ntfy is down for this topic' }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/' || !body.topic) {
      res.writeHead(400).end();
      return;
    }
    fake.received.push({
      at: Date.now(),
      to: body.topic,
      title: body.title ?? '',
      body: body.message ?? '',
      url: body.click,
      raw: { ...body, contentType: req.headers['content-type'] },
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: String(fake.received.length), event: 'message' }));
  });
  fake.url = await listen(server);
  fake.close = () => closeHttp(server);
  return fake;
}

/** Bark: POST /push with device_key (bark-server docs/API_V2.md); {code, message} back. */
export async function startFakeBark(keys: string[]): Promise<Fake> {
  const fake = newFake();
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    if (fake.answer === 'silent') return;
    if (typeof fake.answer === 'number') {
      res.writeHead(fake.answer, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: fake.answer, message: 'fake bark refuses' }));
      return;
    }
    const body = JSON.parse(text) as Record<string, string>;
    if (fake.refuse.has(body.device_key ?? '')) {
      fake.refused++;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message: 'fake bark is down for this key' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method !== 'POST' || req.url !== '/push' || !keys.includes(body.device_key ?? '')) {
      // What bark-server says for an unknown key, with HTTP 200.
      res.end(JSON.stringify({ code: 400, message: 'failed to get device token' }));
      return;
    }
    fake.received.push({
      at: Date.now(),
      to: body.device_key!,
      title: body.title ?? '',
      body: body.body ?? '',
      url: body.url,
      raw: body,
    });
    res.end(JSON.stringify({ code: 200, message: 'success' }));
  });
  fake.url = await listen(server);
  fake.close = () => closeHttp(server);
  return fake;
}

/** An SMTP sink: takes every mail (no TLS, AUTH optional), records subject, text and HTML. */
export async function startFakeSmtp(): Promise<Fake & { port: number }> {
  const fake = {
    url: '',
    port: 0,
    received: [] as Received[],
    answer: 'ok' as Answer,
    refuse: new Set<string>(),
    refused: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sender' }),
    onRcptTo(address, _session, callback) {
      if (!fake.refuse.has(address.address)) return callback();
      fake.refused++;
      const err = new Error('fake smtp: mailbox busy') as Error & { responseCode: number };
      err.responseCode = 451;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (fake.answer === 'silent') return;
        if (typeof fake.answer === 'number') {
          const err = new Error('fake smtp refuses') as Error & { responseCode: number };
          err.responseCode = fake.answer;
          callback(err);
          return;
        }
        const mail = Buffer.concat(chunks).toString('utf8');
        fake.received.push({
          at: Date.now(),
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          title: decodedSubject(mail),
          body: mail,
          // The link as the plain-text part carries it, on a line of its own.
          url: /^(https?:\/\/\S+)\r?$/m.exec(mail)?.[1],
          raw: { mail, from: session.envelope.mailFrom },
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.server.address() as AddressInfo).port;
  fake.url = `smtp://127.0.0.1:${fake.port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * The Subject header, its RFC 2047 words decoded (nodemailer encodes UTF-8 as =?UTF-8?…?=,
 * maybe split inside a character: the bytes of adjacent words are joined before decoding).
 */
function decodedSubject(mail: string): string {
  const header = (/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail)?.[1] ?? '').replace(
    /\r\n[ \t]/g,
    ' ',
  );
  const word = /=\?UTF-8\?([BQ])\?([^?]*)\?=/gi;
  if (!/=\?UTF-8\?/i.test(header)) return header;
  const bytes: Buffer[] = [];
  for (const [, enc, text] of header.matchAll(word)) {
    bytes.push(
      enc!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) =>
                String.fromCharCode(Number.parseInt(h, 16)),
              ),
            'latin1',
          ),
    );
  }
  return Buffer.concat(bytes).toString('utf8');
}
