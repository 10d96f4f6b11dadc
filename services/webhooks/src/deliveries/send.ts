import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';
import { ATTEMPT_TIMEOUT_MS } from './schedule';

/** The first bytes of a receiver's answer kept in the log. */
export const RESPONSE_BODY_LIMIT = 4096;

/** Loopback, private, link-local, carrier-grade NAT, unspecified and multicast ranges: never a receiver's. */
const blocked = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** Whether an address is one a webhook may not reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = net.isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export const refusedMessage = (address: string) => `Refused: ${address} is a private, loopback or link-local address`;

/**
 * The DNS lookup of every outgoing connection: the address actually connected to is the one checked,
 * so a name that resolves to a public address once and a private one at connect time (DNS rebinding)
 * is still refused.
 */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(Object.assign(new Error(refusedMessage(bad.address)), { code: 'EWEBHOOKPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

export interface SendResult {
  /** 0 when no response came (timeout, refused, connection error). */
  statusCode: number;
  /** The first 4 KB of the answer. */
  responseBody: string;
  error?: string;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs?: number;
  /** WEBHOOKS_ALLOW_PRIVATE=true: local receivers (tests, development). */
  allowPrivate?: boolean;
}

export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** POSTs a JSON body; never throws (an error is a result with status 0). */
export function httpSender(options: SendOptions = {}): Sender {
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  return (url, headers, body) =>
    new Promise<SendResult>((resolve) => {
      const started = Date.now();
      let settled = false;
      let statusCode = 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const timeout: { timer?: NodeJS.Timeout } = {};
      const done = (error?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout.timer);
        const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
        resolve({ statusCode, responseBody, durationMs: Date.now() - started, ...(error ? { error } : {}) });
      };
      let target: URL;
      try {
        target = new URL(url);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('The url must be http or https');
      } catch (err) {
        return done((err as Error).message);
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // An address written in the URL is connected to without a lookup: judged here.
      if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) return done(refusedMessage(host));
      const client = target.protocol === 'https:' ? https : http;
      const req = client.request(target, {
        method: 'POST',
        agent: target.protocol === 'https:' ? agents.https : agents.http,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Seatside-Webhooks/1', ...headers },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      });
      timeout.timer = setTimeout(() => {
        req.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      req.on('response', (res) => {
        statusCode = res.statusCode ?? 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => done());
        res.on('error', (err) => done(err.message));
      });
      req.on('error', (err) => done(err.message));
      req.end(body);
    });
}
