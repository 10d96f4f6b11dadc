import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDataKeyRing, type TenantRole } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import type { Dispatcher } from './deliveries/dispatcher';
import { createWebhooksService, type WebhooksOptions } from './index';

export interface WebhooksTestService extends Omit<TestService, 'grant'> {
  grant(uid: string, merchantId: string, role?: TenantRole): Promise<void>;
  /** `Bearer …` for a user, or an API key of a merchant and mode. */
  bearer(uid: string, key?: { merchantId: string; testMode: boolean }): Promise<string>;
  dispatcher: Dispatcher;
}

/** The webhooks service over a fresh schema, with the identity, catalog, orders and tags logs to publish on. */
export async function startWebhooksTestService(options: WebhooksOptions & { now?: () => Date } = {}): Promise<WebhooksTestService> {
  const { now, ...rest } = options;
  let dispatcher: Dispatcher | undefined;
  const svc = await startTestService(
    createWebhooksService({ allowPrivate: true, pollMs: 25, dataKeys: createDataKeyRing([randomBytes(32)]), ...rest, onDispatcher: (d) => (dispatcher = d) }),
    { sources: ['identity', 'catalog', 'orders', 'tags'], ...(now ? { now } : {}) },
  );
  const grantMembership = svc.grant;
  return Object.assign(svc, {
    dispatcher: dispatcher!,
    async grant(uid: string, merchantId: string, role: TenantRole = 'admin') {
      await grantMembership({ uid, tenantId: merchantId, collection: 'merchants', role });
    },
    bearer: async (uid: string, key?: { merchantId: string; testMode: boolean }) =>
      `Bearer ${await svc.tokenFor({ uid, claims: {}, ...(key ? { tenant: { collection: 'merchants', id: key.merchantId, testMode: key.testMode } } : {}) })}`,
  });
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local receiver: answers each request with the next of `answers` (the last repeats), records what came. */
export async function startReceiver(answers: (number | 'hang')[] = [200], reply = '{"ok":true}') {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)]!;
      for (const w of waiters.splice(0)) w();
      if (answer === 'hang') return void hanging.push(res);
      res.writeHead(answer, { 'content-type': 'application/json' }).end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    /** Resolves once `n` requests have come. */
    async count(n: number) {
      while (received.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
