import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { fakeSpeechSamples, startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { freePort, launch, type RunningProcess } from './platform';
import { apiOf, merchantAdmin, placeOrder, type AppUnderTest } from './session';

const services = ['identity', 'catalog', 'tags', 'orders', 'chat', 'notifications', 'webhooks', 'ai_voice', 'media'];

/**
 * The distributed topology on this machine: tools/distributed.mjs starts every service and the
 * gateway as separate processes against the system PostgreSQL and Redis.
 */
describe('distributed topology', () => {
  const prefix = `e2e_${randomBytes(3).toString('hex')}_`;
  const databaseUrl = process.env.DATABASE_URL!;
  let platform: RunningProcess;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // Below the kernel's ephemeral range (32768-60999 here): an outgoing connection of any process
    // (a PostgreSQL client, say) may take a port in that range between our pick and the listen.
    const basePort = 20_000 + Math.floor(Math.random() * 12_000);
    platform = await launch(['tools/distributed.mjs'], {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(await freePort()),
      BASE_PORT: String(basePort),
      SCHEMA_PREFIX: prefix,
      DATABASE_URL: databaseUrl,
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'gpt-e2e',
    });
  });

  afterAll(async () => {
    await platform?.stop('SIGTERM');
    await fake?.close();
    const pool = new Pool({ connectionString: databaseUrl });
    for (const s of services) await pool.query(`DROP SCHEMA IF EXISTS "${prefix}${s}" CASCADE`);
    await pool.end();
  });

  it('given separate processes, when the gateway is asked, then it is ready and names every service', async () => {
    const res = await fetch(`${platform.url}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checks: Record<string, string> };
    for (const name of ['identity', 'catalog', 'chat', 'media', 'ai-voice']) expect(body.checks[name]).toBe('up');
  });

  it('when a contact form goes through the gateway, then the chat service stores it in its own schema', async () => {
    const res = await fetch(`${platform.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'dist-e2e-1' },
      body: JSON.stringify({ fullname: 'Grace Hopper', message: 'Hello from seat 2C' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('dist-e2e-1');
    const pool = new Pool({ connectionString: databaseUrl });
    const { rows } = await pool.query(`SELECT type FROM "${prefix}chat".events WHERE stream_id = $1`, [`contact-${((await res.json()) as { id: string }).id}`]);
    await pool.end();
    expect(rows.map((r) => r.type)).toEqual(['ContactSubmitted']);
  });

  it('when a form is invalid, then the service’s problem+json passes through the proxy', async () => {
    const res = await fetch(`${platform.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullname: '', message: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ message: 'Name is required', errors: { fullname: 'Name is required', message: 'Message is required' } });
  });

  it('when /graphql is asked, then the gateway federates to the chat subgraph over HTTP (the seeded pricing FAQs)', async () => {
    const res = await fetch(`${platform.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename faqs(scope: "pricing") { id scope } }' }),
    });
    const body = (await res.json()) as { data: { __typename: string; faqs: Array<{ id: string; scope: string }> } };
    expect(body.data.__typename).toBe('Query');
    expect(body.data.faqs.length).toBeGreaterThan(0);
    expect(body.data.faqs.every((f) => f.scope === 'pricing')).toBe(true);
  });

  it('given an account, a merchant and an API key made through the gateway, then tokens and keys work across processes and a deleted key stops at once', async () => {
    const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
      const res = await fetch(`${platform.url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
    };
    const signUp = await call('/v1/auth/sign-up', { body: { email: `dist-${prefix}@example.com`, password: 'correct horse', firstName: 'Dee' } });
    expect(signUp.status).toBe(201);
    const token = signUp.body.token as string;

    const merchant = await call('/v1/merchants/create', { token, body: { name: 'Distributed Diner', handle: `diner-${prefix.replace(/_/g, '')}` } });
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id as string;

    // The identity process learns of the merchant from the catalog's log.
    let me = await call('/v1/auth/me', { token });
    while (!(me.body.merchants as Array<{ id: string }>).some((m) => m.id === merchantId)) {
      await new Promise((r) => setTimeout(r, 100));
      me = await call('/v1/auth/me', { token });
    }
    expect(me.body.merchants).toEqual([expect.objectContaining({ id: merchantId, name: 'Distributed Diner', role: 'admin' })]);

    const created = await call(`/v1/merchants/${merchantId}/api-keys`, { token, body: { title: 'POS', testMode: true } });
    expect(created.status).toBe(201);
    const apiKey = created.body.apiKey as string;
    expect(apiKey).toMatch(/^sk_test_/);

    const byKey = await call(`/v1/merchants/${merchantId}/api-keys`, { token: apiKey });
    expect(byKey.status).toBe(200);
    expect(JSON.stringify(byKey.body)).toContain(created.body.id as string);
    expect(JSON.stringify(byKey.body)).not.toContain(apiKey);

    expect((await call(`/v1/merchants/${merchantId}/api-keys/${created.body.id}`, { method: 'DELETE', token })).status).toBe(200);
    const afterDelete = await call(`/v1/merchants/${merchantId}/api-keys`, { token: apiKey });
    expect(afterDelete.status).toBe(401);
  });
  it('given a visitor’s chat, when a message is sent through the gateway, then the /chat sockets through the gateway (websocket and long polling) hear it from the chat process, and /orders still reaches orders', async () => {
    const sockets: Socket[] = [];
    const connect = (namespace: string, transport: 'websocket' | 'polling', auth: Record<string, unknown>, cookie?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectClient(`${platform.url}${namespace}`, {
          path: '/socket.io',
          query: { nsp: namespace },
          transports: [transport],
          forceNew: true,
          reconnection: false,
          auth,
          ...(cookie ? { extraHeaders: { cookie } } : {}),
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err: Error & { data?: unknown }) => reject(Object.assign(new Error(err.message), { data: err.data })));
      });
    try {
      const chat = await fetch(`${platform.url}/v1/chat`);
      expect(chat.status).toBe(200);
      const cookie = String(chat.headers.get('set-cookie')).split(';')[0]!;
      const { id: chatId } = (await chat.json()) as { id: string };

      const overWebsocket = await connect('/chat', 'websocket', { chatId }, cookie);
      const overPolling = await connect('/chat', 'polling', { chatId }, cookie);
      const heard = [overWebsocket, overPolling].map(
        (socket) => new Promise<Record<string, unknown>>((resolve) => socket.on('message', (m: Record<string, unknown>) => m.text === 'Hello across processes' && resolve(m))),
      );
      const sent = await fetch(`${platform.url}/v1/chat`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ message: 'Hello across processes', type: 'text' }) });
      expect(sent.status).toBeLessThan(300);
      for (const message of await Promise.all(heard)) expect(message).toMatchObject({ chatId, text: 'Hello across processes', senderGroup: 'client' });

      // The chat process decides who may join: another chat's room is refused there, as REST would.
      await expect(connect('/chat', 'websocket', { chatId: 'someone-elses-chat' }, cookie)).rejects.toMatchObject({ data: { status: 403 } });
      // The orders namespace is served by the orders process (the chat process has no /orders).
      expect((await connect('/orders', 'websocket', {})).connected).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
  it('given a merchant with a burger, when a voice turn goes through the gateway with an order token, then the ai-voice process answers with the quoted order and float32 speech; without a token 401', async () => {
    const json = async (path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${platform.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
    };
    const owner = await json('/v1/auth/sign-up', { email: `dist-voice-${prefix}@example.com`, password: 'correct horse', firstName: 'Vee' });
    expect(owner.status).toBe(201);
    const merchant = await json('/v1/merchants/create', { name: 'Distributed Burgers', handle: `burgers-${prefix.replace(/_/g, '')}` }, owner.body.token);
    expect(merchant.status).toBe(201);
    const merchantId = merchant.body.id as string;
    const burger = await json(`/v1/merchants/${merchantId}/products`, { title: 'Cheeseburger', price: 8.5 }, owner.body.token);
    expect(burger.status).toBe(201);
    expect((await json(`/v1/merchants/${merchantId}/menus`, { title: 'All day', availability: { allDayMenu: true }, products: [burger.body.id] }, owner.body.token)).status).toBe(201);
    // The storefront document (what ai-voice reads through the gateway) has the burger once the catalog has it.
    while (!(await json(`/v1/storefront/${merchantId}`)).body?.products?.[burger.body.id]) await new Promise((r) => setTimeout(r, 100));

    const reply = 'Two cheeseburgers are in your order.';
    fake.defaultTranscript = 'Two cheeseburgers, please.';
    fake.replier((chat) =>
      chat.messages.some((m) => m.role === 'tool') ? { content: reply } : { toolCalls: [{ name: 'add_item', arguments: { productId: burger.body.id, quantity: 2, optionIds: [] } }] },
    );
    const issued = await json(`/v1/merchants/${merchantId}/voice/token`, {});
    expect(issued.status).toBe(200);
    const turn = (token?: string) => {
      const form = new FormData();
      form.set('merchantId', merchantId);
      form.set('clientId', 'dist-e2e');
      form.set('auth', '{}');
      form.set('input', new Blob([Buffer.from('RIFF0000WAVEfmt ')], { type: 'audio/wav' }), 'input.wav');
      form.set('message', '[]');
      return fetch(`${platform.url}/api/ai/order/vertex`, { method: 'POST', headers: { merchantId, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
    };

    const refused = await turn();
    expect(refused.status).toBe(401);
    const answered = await turn(issued.body.token as string);
    expect(answered.status).toBe(200);
    expect(decodeURIComponent(answered.headers.get('transcript') ?? '')).toBe('Two cheeseburgers, please.');
    expect(decodeURIComponent(answered.headers.get('reply') ?? '')).toBe(reply);
    const order = JSON.parse(decodeURIComponent(answered.headers.get('order') ?? '')) as { lineItems: unknown[] };
    expect(order.lineItems).toEqual([expect.objectContaining({ productId: burger.body.id, title: 'Cheeseburger', quantity: 2, price: 8.5, total: 17 })]);
    expect((await answered.arrayBuffer()).byteLength).toBe(fakeSpeechSamples(reply) * 4);
  });

  it('given members of a merchant connected to /orders through the gateway over websocket and over long polling, when an order is placed through the gateway, then both hear order.updated from the orders process', async () => {
    const app = { url: platform.url } as AppUnderTest;
    const admin = await merchantAdmin(app, 'orders-dist');
    const product = await apiOf(app)<{ id: string }>('POST', `/merchants/${admin.merchantId}/products`, { title: 'Pretzel', price: 6 }, admin.token);
    expect(product.status).toBe(201);
    const sockets: Socket[] = [];
    /** A connected client of /orders, in the merchant's room once the orders process knows the membership. */
    const member = async (transport: 'websocket' | 'polling') => {
      const socket = connectClient(`${platform.url}/orders`, { path: '/socket.io', transports: [transport], auth: { token: admin.token }, reconnection: false, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const heard: { id: string; status: string }[] = [];
      socket.on('order.updated', (order: { id: string; status: string }) => heard.push(order));
      for (;;) {
        const answer = (await socket.emitWithAck('join', { merchantId: admin.merchantId, testMode: false })) as { ok: boolean; status?: number };
        if (answer.ok) break;
        expect(answer.status).toBe(403);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(socket.io.engine.transport.name).toBe(transport);
      return heard;
    };
    try {
      const members = [await member('websocket'), await member('polling')];
      const order = await placeOrder(platform.url, admin.merchantId, product.body.id);
      for (const heard of members) {
        while (!heard.some((o) => o.id === order.id && o.status === 'PLACED')) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
