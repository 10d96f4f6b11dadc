import { createDecipheriv, createECDH, createHmac, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local push service (RFC 8030) for specs: it accepts a message only with a valid VAPID
 * (RFC 8292) `Authorization: vapid t=<JWT>, k=<public key>` whose ES256 signature, `aud` and `exp`
 * check out, and decrypts the `aes128gcm` body (RFC 8188, RFC 8291) with the browser side's keys,
 * made here as a browser would. `answer` decides the status (201 by default; 410 to say "gone").
 */
export interface ReceivedPush {
  path: string;
  jwt: { header: Record<string, unknown>; claims: { aud: string; exp: number; sub: string } };
  vapidPublicKey: string;
  ttl: string | undefined;
  payload: string;
}

export interface PushEndpoint {
  url: string;
  /** A browser's PushSubscription for `path` on this endpoint. */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  rejected: string[];
  answer: (path: string) => number;
  /** An https.Agent that trusts this endpoint's self-signed certificate (give it to the sender). */
  agent: Agent;
  close(): Promise<void>;
}

/** A throwaway certificate for 127.0.0.1 (push services are HTTPS, and web-push speaks only HTTPS). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-endpoint-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const b64u = (buf: Buffer) => buf.toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk).update(Buffer.concat([info, Buffer.from([1])])).digest().subarray(0, length);
}

/** An uncompressed P-256 point as a KeyObject (for ES256 verification). */
function p256PublicKey(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
}

function checkVapid(header: string | undefined, audience: string): { jwt: ReceivedPush['jwt']; k: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, token = '', k = ''] = match;
  const [h = '', c = '', s = ''] = token.split('.');
  const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key: p256PublicKey(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('bad vapid signature');
  const jwt = { header: JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>, claims: JSON.parse(Buffer.from(c, 'base64url').toString()) as ReceivedPush['jwt']['claims'] };
  if (jwt.header.alg !== 'ES256') throw new Error('vapid alg is not ES256');
  if (jwt.claims.aud !== audience) throw new Error(`vapid aud ${jwt.claims.aud} is not ${audience}`);
  if (!(jwt.claims.exp > Date.now() / 1000 && jwt.claims.exp <= Date.now() / 1000 + 24 * 3600)) throw new Error('vapid exp out of range');
  if (!/^(mailto:|https:)/.test(jwt.claims.sub)) throw new Error('vapid sub is not mailto: or https:');
  return { jwt, k };
}

/** RFC 8291 decryption of one aes128gcm record with the user agent's private key and auth secret. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = ua.computeSecret(asPublic);
  const ikm = hkdf(authSecret, shared, Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]), 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Padding: the content, then a 0x02 delimiter (last record), then zeros.
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const tls = selfSignedCertificate();
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const endpoint: PushEndpoint = {
    url: '',
    received: [],
    rejected: [],
    answer: () => 201,
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = Buffer.from(Array.from({ length: 16 }, (_, i) => (i * 37 + path.length) & 0xff));
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${endpoint.url}${path}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    agent: new Agent({ ca: tls.cert }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`unknown subscription ${path}`);
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const { jwt, k } = checkVapid(req.headers.authorization, endpoint.url);
        const payload = decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth);
        const status = endpoint.answer(path);
        if (status < 300) endpoint.received.push({ path, jwt, vapidPublicKey: k, ttl: req.headers.ttl as string | undefined, payload });
        res.writeHead(status).end();
      } catch (err) {
        endpoint.rejected.push(String(err));
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return endpoint;
}
