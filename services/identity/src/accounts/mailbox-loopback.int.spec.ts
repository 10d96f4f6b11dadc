import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { isLoopbackAddress } from './mailbox-http';
import { startIdentity } from './testing';

/** An address of this machine that is not loopback (a client on the network connects from it). */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the dev mailbox answers only this machine', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    svc = await startIdentity();
    // Every interface, so the same app is reached over loopback and over the network address.
    server = await new Promise<Server>((resolve) => {
      const listening = svc.app.listen(0, '0.0.0.0', () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await svc.stop();
  });

  const get = (host: string, path: string, headers: Record<string, string> = {}) => fetch(`http://${host}:${port}${path}`, { headers });

  it('given a client on this machine, then the mailbox answers', async () => {
    expect((await get('127.0.0.1', '/v1/dev/mailbox.json')).status).toBe(200);
    expect((await get('127.0.0.1', '/v1/dev/mailbox')).status).toBe(200);
  });

  (networkAddress ? it : it.skip)('given a client from the network, even one claiming 127.0.0.1 in X-Forwarded-For through a trusted proxy setting, then 404', async () => {
    // The test service trusts forwarded headers from loopback; make it trust every peer, so only the socket address can refuse.
    svc.app.set('trust proxy', true);
    try {
      for (const path of ['/v1/dev/mailbox.json', '/v1/dev/mailbox']) {
        expect((await get(networkAddress!, path)).status).toBe(404);
        expect((await get(networkAddress!, path, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' })).status).toBe(404);
      }
    } finally {
      svc.app.set('trust proxy', 'loopback');
    }
  });

  it('then loopback means 127.0.0.0/8 and ::1 (also IPv4-mapped), nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '0.0.0.0', '1127.0.0.1']) expect(isLoopbackAddress(address)).toBe(false);
  });
});
