/**
 * A local Web Push service for the server tests (issue 8): https on loopback with a certificate
 * made for the run, recording every message it is sent, and the browser's side of a
 * subscription (an ECDH P-256 key pair and an auth secret) to decrypt them with, following
 * RFC 8291 (aes128gcm, RFC 8188). A test reading a message this way fails if a browser could not.
 *
 * Paths under /gone/ answer 410, as a push service does for an expired subscription; every other
 * path answers 201 Created.
 */
import type { FastifyInstance } from 'fastify';
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTlsCertificate } from '../../../server/identity/tls-certificate';

export interface CapturedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
}

export interface LocalPushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** Trusts the service's certificate: pass as buildServer's `testPushService`. */
  agent: Agent;
  /** The service's certificate (PEM), for a server process to trust (bench:cluster writes it
   * to PUSH_TEST_SERVICE_CA_FILE). */
  certificate: string;
  /** Messages received so far, oldest first; empty it between tests. */
  received: CapturedPush[];
  close: () => Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const tls = await createTlsCertificate('127.0.0.1');
  const received: CapturedPush[] = [];
  const server = createServer({ cert: tls.certificate, key: tls.privateKey }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    agent: new Agent({ ca: tls.certificate }),
    certificate: tls.certificate,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: an ECDH P-256 key pair and a 16-byte auth secret. */
export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: decrypt one aes128gcm push message body. */
export function decryptPush(body: Buffer, ua: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    uaPublic,
    asPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  // RFC 8188 §2: the last record ends with the delimiter 2, then zero padding.
  if (padded[end] !== 2) throw new Error('push message: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** A decrypted message as JSON (server/push/push-sender.ts PushMessage). */
export function readPush(message: CapturedPush | undefined, ua: BrowserKeys) {
  if (!message) throw new Error('no push message');
  return JSON.parse(decryptPush(message.body, ua)) as Record<string, unknown>;
}

/** Subscribes the token's user at `origin + endpointPath` through the API; returns the keys. */
export async function subscribeThroughApi(
  app: FastifyInstance,
  token: string,
  endpoint: string,
): Promise<BrowserKeys> {
  const keys = newBrowserKeys();
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: keys.ecdh.getPublicKey().toString('base64url'),
        auth: keys.auth.toString('base64url'),
      },
    },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return keys;
}
