import { createPublicKey, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { catalogV1, commonV1, ordersV1, tagsV1 } from '@seatside/proto';
import { deliveryStore } from './deliveries/store';
import { webhooksApi } from './openapi';
import { startReceiver, startWebhooksTestService, type Receiver, type WebhooksTestService } from './testing';

const MERCHANT = commonV1.TenantCollection.MERCHANTS;
const product = (title: string) => ({ productId: `p-${title}`, title, priceMinor: 1250n, currency: 'USD' });

describe('webhooks API and deliveries', () => {
  let svc: WebhooksTestService;
  let alice: string;
  let mallory: string;
  let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
  const receivers: Receiver[] = [];
  const base = (merchantId = 'm1') => `/v1/merchants/${merchantId}/webhooks`;
  /** A webhook subscribes to at least one event; the cases about other fields take product.created unless they name their own. */
  const create = (body: object, auth = alice, merchantId = 'm1') => svc.http().post(base(merchantId)).set('authorization', auth).send({ events: ['product.created'], ...body });
  const receiver = async (answers?: (number | 'hang')[], reply?: string) => {
    const r = await startReceiver(answers, reply);
    receivers.push(r);
    return r;
  };
  const productCreated = (merchantId: string, testMode: boolean, title: string) =>
    svc.publish('catalog', catalogV1.ProductCreatedSchema, { envelope: { tenantId: merchantId, testMode, tenantCollection: MERCHANT }, product: product(title) });
  const logs = async (id: string, query = '') => (await svc.http().get(`${base()}/${id}/logs${query}`).set('authorization', alice)).body;

  beforeAll(async () => {
    svc = await startWebhooksTestService({ now: () => clock });
    alice = await svc.bearer('alice');
    mallory = await svc.bearer('mallory');
    await svc.grant('alice', 'm1');
    await svc.grant('mallory', 'm2');
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await svc.stop();
  });

  it('given the proto contracts, then the public catalogue lists their webhook events with a payload shape', async () => {
    const res = await svc.http().get('/v1/merchants/webhook-events');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'Product created', value: 'product.created', typeName: 'seatside.catalog.v1.ProductCreated' }),
      expect.objectContaining({ name: 'Order paid', value: 'order.paid' }),
      expect.objectContaining({ value: 'order.refunded' }),
      expect.objectContaining({ value: 'coupon.created' }),
      expect.objectContaining({ value: 'customer.created' }),
      expect.objectContaining({ value: 'menu.updated' }),
    ]));
    const created = res.body.find((e: { value: string }) => e.value === 'product.created');
    expect(created.payload.product).toMatchObject({ productId: 'string', title: 'string', priceMinor: 'string (int64)' });
    // An enum names the values a delivery carries, so a POS can map them (it said only 'string (enum)').
    const order = res.body.find((e: { value: string }) => e.value === 'order.created');
    expect(order.payload.fulfillmentType).toMatch(/^string \(enum: FULFILLMENT_TYPE_UNSPECIFIED, .*FULFILLMENT_TYPE_PICKUP.*\)$/);
    expect(order.payload.paymentProcessor).toContain('PAYMENT_PROCESSOR_CASH');
  });

  it('given a new webhook, then it answers "Webhook Created" with its whsec_ secret once; the webhook reads back with a bearerToken; update and delete', async () => {
    const res = await create({ title: 'POS', url: 'https://pos.example.com/hook', events: ['product.created'] });
    expect([res.status, res.body]).toEqual([201, { id: expect.any(String), message: 'Webhook Created', secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]{32}$/) }]);
    const got = await svc.http().get(`${base()}/${res.body.id}`).set('authorization', alice);
    expect(got.body).toMatchObject({ id: res.body.id, title: 'POS', url: 'https://pos.example.com/hook', active: true, events: ['product.created'], testMode: false, bearerToken: expect.any(String) });
    expect(JSON.stringify(got.body)).not.toContain(res.body.secret);
    const list = await svc.http().get(base()).set('authorization', alice);
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([res.body.id]);
    expect(JSON.stringify(list.body)).not.toContain(got.body.bearerToken);
    const changed = await svc.http().post(`${base()}/${res.body.id}`).set('authorization', alice).send({ title: 'Kitchen', active: false });
    expect([changed.status, changed.body]).toEqual([200, { id: res.body.id, message: 'Webhook Updated' }]);
    expect((await svc.http().get(`${base()}/${res.body.id}`).set('authorization', alice)).body).toMatchObject({ title: 'Kitchen', active: false });
    const gone = await svc.http().delete(`${base()}/${res.body.id}`).set('authorization', alice);
    expect([gone.status, gone.body]).toEqual([200, { id: res.body.id, message: 'Webhook Deleted' }]);
    expect((await svc.http().get(`${base()}/${res.body.id}`).set('authorization', alice)).status).toBe(404);
    // The events and read model hold the secrets sealed, never in clear.
    const stored = JSON.stringify(await svc.committed());
    expect(stored).not.toContain(res.body.secret);
    expect(stored).not.toContain(got.body.bearerToken);
  });

  it('given no title or no url, then 400 "Title is required" / "Url is required" on the field', async () => {
    const noTitle = await create({ title: ' ', url: 'https://x.example.com' });
    expect([noTitle.status, noTitle.body.message, noTitle.body.errors]).toEqual([400, 'Title is required', expect.objectContaining({ title: 'Title is required' })]);
    const noUrl = await create({ title: 'A' });
    expect([noUrl.status, noUrl.body.message, noUrl.body.errors]).toEqual([400, 'Url is required', { url: 'Url is required' }]);
    const badEvent = await create({ title: 'A', url: 'https://x.example.com', events: ['nope.nope'] });
    expect(badEvent.status).toBe(400);
  });

  it("given no event (none sent, an empty list or null), when a webhook is created or its events are emptied, then 400 'Select at least one event' on events and nothing is stored: it would receive nothing, silently", async () => {
    const before = (await svc.http().get(base()).set('authorization', alice)).body.total;
    for (const events of [undefined, [], null]) {
      const res = await create({ title: 'Deaf', url: 'https://x.example.com', events });
      expect([events, res.status, res.body.code, res.body.message, res.body.errors]).toEqual([events, 400, 'validation_failed', 'Select at least one event', { events: 'Select at least one event' }]);
    }
    expect((await svc.http().get(base()).set('authorization', alice)).body.total).toBe(before);
    const made = await create({ title: 'Hears', url: 'https://x.example.com', events: ['order.paid'] });
    const emptied = await svc.http().post(`${base()}/${made.body.id}`).set('authorization', alice).send({ events: [] });
    expect([emptied.status, emptied.body.errors]).toEqual([400, { events: 'Select at least one event' }]);
    expect((await svc.http().get(`${base()}/${made.body.id}`).set('authorization', alice)).body.events).toEqual(['order.paid']);
    expect((await svc.http().post(`${base()}/${made.body.id}`).set('authorization', alice).send({ title: 'Still hears' })).status).toBe(200);
  });

  it('given a url no request can be sent to (a space, a broken IPv6 host, no host), then 400 on url and no webhook is made; another scheme says so; a well-formed one is taken', async () => {
    const invalid = 'Url must be a valid web address, such as https://pos.example.com/webhooks';
    const before = (await svc.http().get(base()).set('authorization', alice)).body.total;
    for (const [url, message] of [
      ['http://pos example.com/hook', invalid],
      ['http://[::1', invalid],
      ['https://:443/hook', invalid],
      [`https://x.example.com/${'a'.repeat(2100)}`, 'Url must be at most 2048 characters'],
      ['ftp://x.example.com', 'Url must start with http:// or https://'],
    ]) {
      const res = await create({ title: 'A', url });
      expect([url, res.status, res.body.errors]).toEqual([url, 400, { url: message }]);
    }
    const created = await create({ title: 'A', url: 'https://x.example.com' });
    const changed = await svc.http().post(`${base()}/${created.body.id}`).set('authorization', alice).send({ url: 'http://a b' });
    expect([changed.status, changed.body.errors]).toEqual([400, { url: invalid }]);
    expect((await svc.http().get(base()).set('authorization', alice)).body.total).toBe(before + 1);
    for (const url of ['http://127.0.0.1:9393/hook', 'https://[::1]:8443/h?x=1', 'https://pos.example.com/webhooks']) expect((await create({ title: 'A', url })).status).toBe(201);
  });

  it('given the API reference, then a webhook list offers only what it honours: limit, cursor, q and testMode (it sorts newest first, always)', () => {
    const documented = webhooksApi.operations.find((o) => o.route === 'GET /v1/merchants/:merchantId/webhooks')?.query;
    expect(Object.keys((documented as { shape: object } | undefined)?.shape ?? {}).sort()).toEqual(['cursor', 'limit', 'q', 'testMode']);
  });

  it('given fields of the wrong kind, then 400 names each field in words an integrator can act on (not the validator\'s "expected boolean, received string", nor "Title is required" for a title that is there)', async () => {
    const wrong = await create({ title: 123, url: 'https://x.example.com', active: 'yes', events: 'product.created', testMode: 'no' });
    expect([wrong.status, wrong.body.code, wrong.body.errors]).toEqual([
      400,
      'validation_failed',
      { title: 'Title must be text', active: 'Active must be true or false', events: 'Events must be a list', testMode: 'Test mode must be true or false' },
    ]);
    expect((await create({ url: 'https://x.example.com' })).body.errors).toEqual({ title: 'Title is required' });
    const created = await create({ title: 'A', url: 'https://x.example.com', events: ['product.created'] });
    const changed = await svc.http().post(`${base()}/${created.body.id}`).set('authorization', alice).send({ active: 1, events: [7], url: 5 });
    expect([changed.status, changed.body.errors]).toEqual([400, { active: 'Active must be true or false', 'events.0': 'Events must be text', url: 'Url must be text' }]);
  });

  it('given an event ticked twice, then the webhook keeps it once (and is delivered it once)', async () => {
    const created = await create({ title: 'A', url: 'https://x.example.com', events: ['product.created', 'order.paid', 'product.created'] });
    expect(created.status).toBe(201);
    expect((await svc.http().get(`${base()}/${created.body.id}`).set('authorization', alice)).body.events).toEqual(['product.created', 'order.paid']);
    await svc.http().post(`${base()}/${created.body.id}`).set('authorization', alice).send({ events: ['order.paid', 'order.paid'] });
    expect((await svc.http().get(`${base()}/${created.body.id}`).set('authorization', alice)).body.events).toEqual(['order.paid']);
  });

  it("given a webhook's logs asked with a bad limit, page or cursor, then 400 says what each takes", async () => {
    const created = await create({ title: 'A', url: 'https://x.example.com' });
    const ask = (query: string) => svc.http().get(`${base()}/${created.body.id}/logs${query}`).set('authorization', alice);
    const cases: [string, Record<string, string>][] = [
      ['?limit=abc', { limit: 'limit must be a number' }],
      ['?limit=0', { limit: 'limit must be from 1 to 100' }],
      ['?limit=500', { limit: 'limit must be from 1 to 100' }],
      ['?page=x', { page: 'page must be a number' }],
      ['?page=0', { page: 'page must be 1 or more' }],
      ['?cursor=bad', { cursor: 'Invalid cursor' }],
    ];
    for (const [query, errors] of cases) {
      const res = await ask(query);
      expect([query, res.status, res.body.errors]).toEqual([query, 400, errors]);
    }
    expect((await ask('?limit=100&page=1')).status).toBe(200);
  });

  it("given another merchant's webhook, then its reads, logs and writes are 404 or 403 and change nothing; an API key works in its own mode only", async () => {
    const mine = (await create({ title: 'Mine', url: 'https://x.example.com' })).body.id as string;
    for (const [method, path] of [['get', `${base()}/${mine}`], ['get', `${base()}/${mine}/logs`], ['delete', `${base()}/${mine}`]] as const) {
      expect((await svc.http()[method](path).set('authorization', mallory)).status).toBe(403);
    }
    expect((await svc.http().get(`${base('m2')}/${mine}`).set('authorization', mallory)).status).toBe(404);
    expect((await svc.http().get(`${base('m2')}/${mine}/logs`).set('authorization', mallory)).status).toBe(404);
    expect((await svc.http().get(`${base()}/${mine}`).set('authorization', alice)).status).toBe(200);
    const liveKey = await svc.bearer('key-live', { merchantId: 'm1', testMode: false });
    const testKey = await svc.bearer('key-test', { merchantId: 'm1', testMode: true });
    expect((await svc.http().get(`${base()}/${mine}`).set('authorization', liveKey)).status).toBe(200);
    expect((await svc.http().get(`${base()}/${mine}`).set('authorization', testKey)).status).toBe(403);
    const sandbox = await create({ title: 'Sandbox', url: 'https://x.example.com' }, testKey);
    expect(sandbox.status).toBe(201);
    const sandboxList = await svc.http().get(base()).set('authorization', testKey);
    expect(sandboxList.body.data.map((w: { title: string }) => w.title)).toEqual(['Sandbox']);
    expect((await svc.http().get(`${base()}?testMode=false`).set('authorization', testKey)).status).toBe(403);
    // Members who are not admins may not manage webhooks.
    await svc.grant('tom', 'm1', 'teamMember');
    expect((await svc.http().get(base()).set('authorization', await svc.bearer('tom'))).status).toBe(403);
    for (const id of [mine, sandbox.body.id]) await svc.http().delete(`${base()}/${id}`).set('authorization', alice);
  });

  it('given a webhook for product.created, then a production product becomes one signed POST: Standard Webhooks, the RSA signature of the webhook id and the bearer token all verify; the sandbox one hears nothing', async () => {
    const live = await receiver([200]);
    const sandbox = await receiver([200]);
    const made = await create({ title: 'Live', url: live.url, events: ['product.created'] });
    const madeSandbox = await create({ title: 'Sandbox', url: sandbox.url, events: ['product.created'], testMode: true });
    const webhook = (await svc.http().get(`${base()}/${made.body.id}`).set('authorization', alice)).body;
    await productCreated('m1', false, 'Burger');
    await productCreated('m2', false, 'Elsewhere');
    await live.count(1);
    await svc.dispatcher.idle();
    const [delivery] = live.received;
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ id: delivery!.headers['webhook-id'], type: 'product.created', testMode: false, data: { product: { title: 'Burger', priceMinor: '1250', currency: 'USD' } } });
    // The official package verifies the Standard Webhooks signature with the secret shown at creation.
    expect(new Webhook(made.body.secret).verify(delivery!.body, delivery!.headers as Record<string, string>)).toEqual(body);
    const publicKey = (await svc.http().get('/v1/webhooks/public-key')).text;
    expect(verify('sha256', Buffer.from(made.body.id), createPublicKey(publicKey), Buffer.from(String(delivery!.headers['x-seatside-signature']), 'base64'))).toBe(true);
    const jwks = (await svc.http().get('/v1/webhooks/jwks.json')).body;
    expect(verify('sha256', Buffer.from(made.body.id), createPublicKey({ key: jwks.keys[0], format: 'jwk' }), Buffer.from(String(delivery!.headers['x-seatside-signature']), 'base64'))).toBe(true);
    expect(delivery!.headers.authorization).toBe(`Bearer ${webhook.bearerToken}`);
    expect(sandbox.received).toHaveLength(0);
    const log = await logs(made.body.id);
    expect(log).toMatchObject({ total: 1, data: [{ webhookId: made.body.id, event: 'product.created', statusCode: 200, attempts: 1, requestURL: live.url, requestBody: delivery!.body, responseBody: '{"ok":true}' }] });
    expect(log.data[0].createdAt).toBe(Math.floor(clock.getTime() / 1000));
    // And the reverse: a sandbox product reaches only the sandbox webhook.
    await productCreated('m1', true, 'Test burger');
    await sandbox.count(1);
    await svc.dispatcher.idle();
    expect(live.received).toHaveLength(1);
    expect(new Webhook(madeSandbox.body.secret).verify(sandbox.received[0]!.body, sandbox.received[0]!.headers as Record<string, string>)).toMatchObject({ testMode: true });
    for (const id of [made.body.id, madeSandbox.body.id]) await svc.http().delete(`${base()}/${id}`).set('authorization', alice);
  });

  it('given a receiver answering 500 twice then 200, then three attempts follow the schedule (at once, +5 s, +5 min) on the clock; a resend sends it again', async () => {
    const flaky = await receiver([500, 500, 200]);
    const made = await create({ title: 'Flaky', url: flaky.url, events: ['order.paid'] });
    const t0 = clock;
    await svc.publish('orders', ordersV1.OrderPaidSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT }, orderId: 'o-1' });
    await flaky.count(1);
    await svc.dispatcher.idle();
    expect((await logs(made.body.id)).data[0]).toMatchObject({ statusCode: 500, attempts: 1, status: 'pending', nextAttemptAt: new Date(t0.getTime() + 5_000).toISOString() });
    clock = new Date(t0.getTime() + 4_999);
    await new Promise((r) => setTimeout(r, 100));
    expect(flaky.received).toHaveLength(1);
    clock = new Date(t0.getTime() + 5_000);
    await flaky.count(2);
    await svc.dispatcher.idle();
    clock = new Date(t0.getTime() + 5_000 + 5 * 60_000);
    await flaky.count(3);
    await svc.dispatcher.idle();
    const [entry] = (await logs(made.body.id)).data;
    expect(entry).toMatchObject({ statusCode: 200, attempts: 3, status: 'succeeded', nextAttemptAt: null });
    expect(entry.history.map((h: { at: string; statusCode: number }) => [h.at, h.statusCode])).toEqual([
      [t0.toISOString(), 500], [new Date(t0.getTime() + 5_000).toISOString(), 500], [new Date(t0.getTime() + 305_000).toISOString(), 200],
    ]);
    // The same message id every time: the receiver can deduplicate.
    expect(new Set(flaky.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const resent = await svc.http().post(`${base()}/${made.body.id}/logs/${entry.id}/resend`).set('authorization', alice);
    expect([resent.status, resent.body.message]).toEqual([200, 'Webhook Resent']);
    await flaky.count(4);
    await svc.dispatcher.idle();
    expect((await logs(made.body.id)).data[0]).toMatchObject({ attempts: 4, statusCode: 200 });
    await svc.http().delete(`${base()}/${made.body.id}`).set('authorization', alice);
  });

  it('given a receiver answering 410 Gone, then the webhook is disabled and hears nothing more', async () => {
    const gone = await receiver([410]);
    const made = await create({ title: 'Gone', url: gone.url, events: ['product.updated'] });
    await svc.publish('catalog', catalogV1.ProductUpdatedSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT }, product: product('A') });
    await gone.count(1);
    await svc.dispatcher.idle();
    const webhook = (await svc.http().get(`${base()}/${made.body.id}`).set('authorization', alice)).body;
    expect(webhook).toMatchObject({ active: false, disabledReason: expect.stringContaining('410') });
    expect((await logs(made.body.id)).data[0]).toMatchObject({ statusCode: 410, attempts: 1, status: 'failed' });
    await svc.publish('catalog', catalogV1.ProductUpdatedSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT }, product: product('B') });
    await new Promise((r) => setTimeout(r, 200));
    expect(gone.received).toHaveLength(1);
    await svc.http().delete(`${base()}/${made.body.id}`).set('authorization', alice);
  });

  it('given a rotated secret, then deliveries verify with both secrets for 24 h, then with the new one only', async () => {
    // The package checks the timestamp against the real clock (5 minutes either way): start from it,
    // whatever an earlier test left the injected clock at.
    clock = new Date(Math.floor(Date.now() / 1000) * 1000);
    const r = await receiver([200]);
    const made = await create({ title: 'Rotating', url: r.url, events: ['coupon.created'] });
    const rotated = await svc.http().post(`${base()}/${made.body.id}/secret`).set('authorization', alice);
    expect([rotated.status, rotated.body.message, rotated.body.secret]).toEqual([200, 'Secret Rotated', expect.stringMatching(/^whsec_/)]);
    const couponCreated = () => svc.publish('catalog', catalogV1.CouponCreatedSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT } });
    await couponCreated();
    await r.count(1);
    for (const secret of [made.body.secret, rotated.body.secret]) expect(() => new Webhook(secret).verify(r.received[0]!.body, r.received[0]!.headers as Record<string, string>)).not.toThrow();
    const before = clock;
    clock = new Date(before.getTime() + 24 * 3_600_000 + 1);
    await couponCreated();
    await r.count(2);
    await svc.dispatcher.idle();
    const late = r.received[1]!;
    // The timestamp tolerance of the package is 5 minutes around the real clock: it is checked with the clock the message was signed at.
    const headers = late.headers as Record<string, string>;
    jest.useFakeTimers({ now: clock, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask'] });
    try {
      expect(() => new Webhook(rotated.body.secret).verify(late.body, headers)).not.toThrow();
      expect(() => new Webhook(made.body.secret).verify(late.body, headers)).toThrow();
    } finally {
      jest.useRealTimers();
    }
    clock = before;
    await svc.http().delete(`${base()}/${made.body.id}`).set('authorization', alice);
  });

  it('given one read fanned out to more messages than PostgreSQL has bind parameters for, then they are queued in one statement, and again nothing twice', async () => {
    const store = deliveryStore(svc.started.deps.schema);
    const rows = Array.from({ length: 7_000 }, (_, i) => ({
      id: `msg_bulk${i}`, webhookId: `wh_bulk${i % 70}`, merchantId: 'm-bulk', testMode: false, event: 'product.created', sourceEvent: `catalog:${1_000_000 + Math.floor(i / 70)}`,
      requestUrl: 'https://x.example.com', requestBody: '{}', createdAt: new Date('2099-01-01T00:00:00Z'),
    }));
    expect(await store.insert(svc.started.deps.pool, rows)).toBe(7_000);
    expect(await store.insert(svc.started.deps.pool, rows.map((r) => ({ ...r, id: `${r.id}-again` })))).toBe(0);
  });

  it("given a webhook for tag.created, then a tag created on the tags service's published stream is delivered with the tag", async () => {
    const tagHook = await receiver([200]);
    const made = await create({ title: 'Tags', url: tagHook.url, events: ['tag.created'] });
    await svc.publish('tags', tagsV1.TagCreatedSchema, {
      envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT },
      tag: { tagId: 't1', collection: MERCHANT, tenantId: 'm1', code: 'AB12CD', name: 'Table 12', metadata: { table: '12' }, metadataFields: [{ key: 'table', value: '12', visible: true }] },
    });
    await svc.publish('tags', tagsV1.TagUpdatedSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT }, tag: { tagId: 't1', name: 'Table 13' } });
    await tagHook.count(1);
    await svc.dispatcher.idle();
    expect(tagHook.received).toHaveLength(1);
    const body = JSON.parse(tagHook.received[0]!.body);
    expect(body).toMatchObject({ type: 'tag.created', testMode: false, data: { tag: { tagId: 't1', code: 'AB12CD', name: 'Table 12', collection: 'TENANT_COLLECTION_MERCHANTS', metadata: { table: '12' } } } });
    expect(new Webhook(made.body.secret).verify(tagHook.received[0]!.body, tagHook.received[0]!.headers as Record<string, string>)).toEqual(body);
    await svc.http().delete(`${base()}/${made.body.id}`).set('authorization', alice);
  });

  it('given a receiver that hangs, then another webhook of the same event is delivered at once', async () => {
    const hanging = await receiver(['hang']);
    const fast = await receiver([200]);
    const slow = await create({ title: 'Hangs', url: hanging.url, events: ['menu.created'] });
    const quick = await create({ title: 'Fast', url: fast.url, events: ['menu.created'] });
    await svc.publish('catalog', catalogV1.MenuCreatedSchema, { envelope: { tenantId: 'm1', testMode: false, tenantCollection: MERCHANT } });
    await Promise.all([hanging.count(1), fast.count(1)]);
    // The fast attempt's outcome is written with the others that ended meanwhile: read until it is.
    let entry = (await logs(quick.body.id)).data[0];
    while (!entry?.attempts) {
      await new Promise((r) => setTimeout(r, 10));
      entry = (await logs(quick.body.id)).data[0];
    }
    expect(entry).toMatchObject({ statusCode: 200, attempts: 1 });
    expect((await logs(slow.body.id)).data[0]).toMatchObject({ attempts: 0, status: 'pending' });
    for (const id of [slow.body.id, quick.body.id]) await svc.http().delete(`${base()}/${id}`).set('authorization', alice);
    await hanging.close();
  });
});
