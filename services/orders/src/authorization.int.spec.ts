import { cart, newKey, ordersFixture, type OrdersFixture } from './testing/fixture';

describe("authorization of the merchant's order routes", () => {
  let f: OrdersFixture;
  let carol: string;
  let bob: string;
  let orderId: string;
  const A = 'joes';
  const B = 'bobs';
  const routes = (merchant: string, id: string): [string, string][] => [
    ['get', `/v1/merchants/${merchant}/orders`],
    ['get', `/v1/merchants/${merchant}/orders/${id}`],
    ...['accept', 'ready', 'complete', 'cancel', 'pay', 'refund'].map((action): [string, string] => ['post', `/v1/merchants/${merchant}/orders/${id}/${action}`]),
  ];
  const call = (method: string, path: string, auth?: string) => {
    const req = method === 'get' ? f.svc.http().get(path) : f.svc.http().post(path).send({ amountTendered: 100, title: 'x', amount: 1 });
    return auth ? req.set('authorization', auth) : req;
  };
  const streamOf = () => f.svc.started.deps.eventStore.readStream(`order-${orderId}`);

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant(A);
    await f.merchant(B);
    await f.product({ id: 'meal', merchantId: A, price: 5 });
    carol = await f.member(A, 'carol');
    bob = await f.member(B, 'bob');
    orderId = (await f.svc.http().post(`/v1/merchants/${A}/orders`).set('Idempotency-Key', newKey()).send(cart('meal'))).body.id;
  });
  afterAll(() => f.stop());

  it('given no token, when calling any member route, then 401', async () => {
    for (const [method, path] of routes(A, orderId)) expect([path, (await call(method, path)).status]).toEqual([path, 401]);
  });

  it("given a member of another merchant, or that merchant's API key, then 403 on every route", async () => {
    const bobsKey = await f.bearer('apikey:bobs', { id: B, testMode: false });
    for (const auth of [bob, bobsKey]) {
      for (const [method, path] of routes(A, orderId)) expect([path, (await call(method, path, auth)).status]).toEqual([path, 403]);
    }
  });

  it("given another merchant's order id under one's own merchant, then 404 on read and on every action", async () => {
    for (const [method, path] of routes(B, orderId).slice(1)) {
      const res = await call(method, path, bob);
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Order not found']);
    }
  });

  it('given all those attempts, then the order is unchanged: one event, still PLACED', async () => {
    expect((await streamOf()).map((e) => e.type)).toEqual(['OrderPlaced']);
    expect((await call('get', `/v1/merchants/${A}/orders/${orderId}`, carol)).body.status).toBe('PLACED');
  });
});
