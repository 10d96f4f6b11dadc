import { createKeyValueAdapters } from '@seatside/chassis/src/kv';
import { createLogger } from '@seatside/chassis/src/logger';
import { createMetrics } from '@seatside/chassis/src/metrics';
import { startService } from '@seatside/chassis/src/service';
import { createOrdersService } from '../index';
import { ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages } from '../checkout/messages';
import { tabMessages as m } from './tab';

/**
 * Tab ordering (issue 20, seed 002 §3 fulfillmentTypes.TAB): a diner opens a tab, sends rounds
 * (each an order in the merchant's list as it is sent), and the tab is closed and paid once; the
 * merchant sees open tabs with their running totals and can close one. Cash is paid to staff: the
 * diner's cash close only asks for it (the tab waits for cash), and staff's close pays the rounds.
 */
describe('tabs', () => {
  let f: OrdersFixture;
  let staff: string;
  const M = 'tab-bar';
  const http = () => f.svc.http();
  const diner = { firstName: 'Tess', lastName: 'Tab', email: 'tess@example.com', phone: '' };
  const open = async (merchant = M) => http().post(`/v1/merchants/${merchant}/tabs`).send({ customer: diner });
  const round = (tabId: string, token: string, productId: string, quantity = 1) => http().post(`/v1/tabs/${tabId}/rounds`).send({ token, lineItems: [{ productId, quantity }] });

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant(M, { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.merchant('tab-none');
    await f.product({ id: 'beer', merchantId: M, title: 'Beer', price: 7 });
    await f.product({ id: 'fries', merchantId: M, title: 'Fries', price: 4.5 });
    staff = await f.member(M, 'barb');
  });
  afterAll(() => f.stop());

  it('given TAB off, then opening a tab is refused, and a TAB order outside a tab too', async () => {
    const res = await open('tab-none');
    expect([res.status, res.body.message]).toEqual([400, m.notAvailable]);
    const direct = await http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', 'tab-direct-1').send({ lineItems: [{ productId: 'beer', quantity: 1 }], fulfillment: { type: 'TAB' }, paymentProcessor: 'TBD', customer: diner });
    expect([direct.status, direct.body.message]).toEqual([400, checkoutMessages.tabThroughTab]);
  });

  it('given an open tab with two rounds, then each round is an order in the merchant\'s list as sent, the merchant sees the running total, and the diner\'s cash close pays nothing: the tab waits for cash until staff close it, which pays both rounds once', async () => {
    const opened = await open();
    expect(opened.status).toBe(201);
    const { tabId, token } = opened.body as { tabId: string; token: string };

    const first = await round(tabId, token, 'beer', 2);
    expect(first.status).toBe(201);
    expect(first.body.round).toMatchObject({ status: 'PLACED' });
    const listed = await http().get(`/v1/merchants/${M}/orders`).set('authorization', staff);
    expect(listed.body.data.map((o: { id: string }) => o.id)).toContain(first.body.round.id);

    const second = await round(tabId, token, 'fries');
    expect(second.status).toBe(201);
    const openTabs = await http().get(`/v1/merchants/${M}/tabs`).set('authorization', staff);
    expect(openTabs.body.data).toEqual([expect.objectContaining({ id: tabId, status: 'open', name: 'Tess Tab', total: 18.5, rounds: [expect.objectContaining({ amountDue: 14 }), expect.objectContaining({ amountDue: 4.5 })] })]);
    const roundIds = [first.body.round.id as string, second.body.round.id as string];
    const statuses = async () => Promise.all(roundIds.map(async (orderId) => (await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff)).body.status as string));

    const forged = await http().post(`/v1/tabs/${tabId}/close`).send({ token: `${tabId}.forged`, paymentProcessor: 'CASH' });
    expect(forged.status).toBe(403);

    // When the diner asks to pay in cash: the tab waits for cash, and nothing is paid.
    const asked = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'awaiting_cash', total: 18.5, message: m.cashRequestedMessage, cashRequestedAt: expect.any(String) });
    expect(asked.body.payment).toBeUndefined();
    expect(await statuses()).toEqual(['PLACED', 'PLACED']);
    // Asked again (a retry, another phone): the same answer, still nothing paid.
    const askedAgain = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect([askedAgain.status, askedAgain.body]).toEqual([200, asked.body]);
    expect((await f.svc.started.deps.eventStore.readStream(`tab-${tabId}`)).filter((e) => e.type === 'TabCashRequested')).toHaveLength(1);
    // It takes no more rounds; the diner's page and the merchant's Open Tabs show it waiting for cash.
    const late = await round(tabId, token, 'beer');
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 'tab_closed', m.awaitingCash]);
    expect((await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`)).body).toMatchObject({ status: 'awaiting_cash', total: 18.5 });
    expect((await http().get(`/v1/merchants/${M}/tabs`).set('authorization', staff)).body.data).toEqual([expect.objectContaining({ id: tabId, status: 'awaiting_cash', total: 18.5 })]);
    expect(await statuses()).toEqual(['PLACED', 'PLACED']);

    // When staff take the cash and close it: the tab is paid once, and every round is PAID.
    const closed = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', total: 18.5, payment: { paymentProcessor: 'CASH', amountPaid: 18.5 }, message: m.closedMessage });
    for (const orderId of roundIds) {
      const order = await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff);
      expect([order.body.status, order.body.type, order.body.payment?.paymentProcessor]).toEqual(['PAID', 'TAB', 'CASH']);
      expect((await f.svc.started.deps.eventStore.readStream(`order-${orderId}`)).filter((e) => e.type === 'OrderPaid')).toHaveLength(1);
    }
    expect((await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`)).body).toMatchObject({ status: 'closed', payment: { paymentProcessor: 'CASH', amountPaid: 18.5 } });
    // Paid once: closed for good.
    const again = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect([again.status, again.body.code]).toEqual([409, 'tab_closed']);
    const staffAgain = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect([staffAgain.status, staffAgain.body.code]).toEqual([409, 'tab_closed']);
    const afterClose = await round(tabId, token, 'beer');
    expect([afterClose.status, afterClose.body.code]).toEqual([409, 'tab_closed']);
    expect((await http().get(`/v1/merchants/${M}/tabs`).set('authorization', staff)).body.data).toEqual([]);
  });

  it("given a round sent on Tess Tab's tab, then the merchant's order (list, detail, stage kitchen) names its tab, for the kitchen's ticket", async () => {
    const { tabId, token } = (await open()).body as { tabId: string; token: string };
    const sent = await round(tabId, token, 'beer');
    expect(sent.status).toBe(201);
    const detail = await http().get(`/v1/merchants/${M}/orders/${sent.body.round.id}`).set('authorization', staff);
    expect(detail.body.tab).toEqual({ id: tabId, name: 'Tess Tab' });
    const kitchen = await http().get(`/v1/merchants/${M}/orders`).query({ stage: 'kitchen' }).set('authorization', staff);
    expect(kitchen.body.data.find((o: { id: string }) => o.id === sent.body.round.id).tab).toEqual({ id: tabId, name: 'Tess Tab' });
    expect((await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' })).status).toBe(200);
  });

  it('given an open tab, then a member closes it from the merchant side; a stranger cannot see the tabs', async () => {
    const { tabId, token } = (await open()).body as { tabId: string; token: string };
    expect((await round(tabId, token, 'beer')).status).toBe(201);
    const stranger = await http().get(`/v1/merchants/${M}/tabs`).set('authorization', await f.bearer('mallory'));
    expect(stranger.status).toBe(403);
    const closed = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect([closed.status, closed.body.status, closed.body.total]).toEqual([200, 'closed', 7]);
  });

  it("given a misspelt mode or status on the tab list, then 400 under that field, not production's open tabs", async () => {
    const list = (query: string) => http().get(`/v1/merchants/${M}/tabs?${query}`).set('authorization', staff);
    const mode = await list('testMode=yes');
    expect([mode.status, mode.body.errors]).toEqual([400, { testMode: "testMode must be 'true' or 'false'" }]);
    const status = await list('status=bogus');
    expect([status.status, status.body.errors]).toEqual([400, { status: "status must be 'open' or 'closed'" }]);
    expect((await list('status=closed&testMode=true')).status).toBe(200);
  });

  it('given a tab opened and never ordered on, when a member closes it in cash, then it is closed paying nothing and leaves the open tabs', async () => {
    const { tabId } = (await open()).body as { tabId: string };
    const closed = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect([closed.status, closed.body.status, closed.body.total, closed.body.payment?.amountPaid]).toEqual([200, 'closed', 0, 0]);
    const openTabs = await http().get(`/v1/merchants/${M}/tabs`).set('authorization', staff);
    expect(openTabs.body.data.map((tab: { id: string }) => tab.id)).not.toContain(tabId);
  });

  it('given rounds sent at the moment the diner asks to pay in cash, then every round is either on the tab (none paid until staff close it) or refused (409 tab_closed) before any order is placed; the staff close then pays every one', async () => {
    const R = 'tab-race';
    await f.merchant(R, { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'race-beer', merchantId: R, title: 'Beer', price: 7 });
    const raceStaff = await f.member(R, 'rita');
    const { tabId, token } = (await open(R)).body as { tabId: string; token: string };
    expect((await round(tabId, token, 'race-beer')).status).toBe(201);
    const listed = async () => (await http().get(`/v1/merchants/${R}/orders?limit=50`).set('authorization', raceStaff)).body.data as { id: string; status: string }[];

    // When 10 rounds and the diner's cash request are fired at once.
    const [asked, ...rounds] = await Promise.all([
      http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' }),
      ...Array.from({ length: 10 }, () => round(tabId, token, 'race-beer')),
    ]);

    expect([asked!.status, asked!.body.status]).toEqual([200, 'awaiting_cash']);
    for (const r of rounds) expect(r.status === 201 || (r.status === 409 && r.body.code === 'tab_closed')).toBe(true);
    const onTab = (asked!.body.rounds as { orderId: string }[]).map((r) => r.orderId);
    expect(asked!.body.total).toBe(7 * onTab.length);
    // Every round accepted is on the tab the diner is asked to pay; a refused one left no order; none is paid yet.
    for (const r of rounds.filter((r) => r.status === 201)) expect(onTab).toContain(r.body.round.id);
    expect(onTab).toHaveLength(1 + rounds.filter((r) => r.status === 201).length);
    const before = await listed();
    expect(before.map((o) => o.id).sort()).toEqual([...onTab].sort());
    for (const order of before) expect(order.status).toBe('PLACED');

    // Then staff's close pays every order of the tab.
    const closed = await http().post(`/v1/merchants/${R}/tabs/${tabId}/close`).set('authorization', raceStaff).send({ paymentProcessor: 'CASH' });
    expect([closed.status, closed.body.payment.amountPaid, closed.body.total]).toEqual([200, asked!.body.total, asked!.body.total]);
    const all = await listed();
    expect(all.map((o) => o.id).sort()).toEqual([...onTab].sort());
    for (const order of all) expect(order.status).toBe('PAID');
  });

  describe('a crash between a round\'s order placed and the round recorded on the tab', () => {
    /** The next append of TabRoundSent on this tab fails, as a process dying between the two steps would leave it. */
    const crashBeforeRecording = (tabId: string) => {
      const store = f.svc.started.deps.eventStore;
      const append = store.appendToStream.bind(store);
      const spy = jest.spyOn(store, 'appendToStream').mockImplementation(async (streamId, events, options) => {
        if (streamId === `tab-${tabId}` && events.some((e) => e.type === 'TabRoundSent')) {
          spy.mockRestore();
          throw new Error('the process died after placing the round\'s order');
        }
        return append(streamId, events, options);
      });
    };
    const crashedTab = async (merchantId: string) => {
      await f.merchant(merchantId, { fulfillmentTypes: { PICKUP: true, TAB: true } });
      await f.product({ id: `${merchantId}-beer`, merchantId, title: 'Beer', price: 7 });
      await f.product({ id: `${merchantId}-fries`, merchantId, title: 'Fries', price: 4.5 });
      const member = await f.member(merchantId, `${merchantId}-staff`);
      const { tabId, token } = (await open(merchantId)).body as { tabId: string; token: string };
      const first = await round(tabId, token, `${merchantId}-beer`);
      expect(first.status).toBe(201);
      crashBeforeRecording(tabId);
      const crashed = await http().post(`/v1/tabs/${tabId}/rounds`).set('Idempotency-Key', 'second-round').send({ token, lineItems: [{ productId: `${merchantId}-fries`, quantity: 1 }] });
      expect(crashed.status).toBe(500);
      // The round's order was placed (the kitchen sees it) but the tab does not count it yet.
      const orders = async () => (await http().get(`/v1/merchants/${merchantId}/orders`).set('authorization', member)).body.data as { id: string; status: string }[];
      const placed = (await orders()).filter((o) => o.id !== first.body.round.id);
      expect(placed.map((o) => o.status)).toEqual(['PLACED']);
      expect((await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`)).body.total).toBe(7);
      return { tabId, token, member, orders, orphanId: placed[0]!.id, firstId: first.body.round.id as string };
    };

    it('given that crash, when the service starts again, then the tab counts the round exactly once, a retry of the round places no second order, and the close pays it', async () => {
      const { tabId, token, member, orders, orphanId, firstId } = await crashedTab('tab-crash');

      // When the service starts again (a new process over the same database: its start recovers pending rounds).
      const { deps } = f.svc.started;
      const schemaOf = (service: string) => (service === 'orders' ? deps.schema : `${deps.schema}__${service}`);
      const restarted = await startService(createOrdersService(), { pool: deps.pool, schema: deps.schema, kv: await createKeyValueAdapters({}), logger: createLogger({ service: 'orders', level: 'silent' }), metrics: createMetrics({ defaultMetrics: false }), schemaOf });
      // (its stop waits for the recovery its start began)
      await restarted.stop();

      // Then the tab counts the round, once, with the order that was placed.
      const tab = (await http().get(`/v1/tabs/${tabId}?token=${encodeURIComponent(token)}`)).body;
      expect(tab.total).toBe(11.5);
      expect(tab.rounds.map((r: { orderId: string }) => r.orderId)).toEqual([firstId, orphanId]);
      // The diner's retry of the crashed request is the same round and the same order.
      const retried = await http().post(`/v1/tabs/${tabId}/rounds`).set('Idempotency-Key', 'second-round').send({ token, lineItems: [{ productId: 'tab-crash-fries', quantity: 1 }] });
      expect([retried.status, retried.body.round.id, retried.body.tab.total]).toEqual([201, orphanId, 11.5]);
      expect(await orders()).toHaveLength(2);
      const closed = await http().post(`/v1/merchants/tab-crash/tabs/${tabId}/close`).set('authorization', member).send({ paymentProcessor: 'CASH' });
      expect([closed.status, closed.body.payment.amountPaid]).toEqual([200, 11.5]);
      expect((await orders()).map((o) => o.status)).toEqual(['PAID', 'PAID']);
    });

    it('given that crash and no restart yet, when the diner asks to pay in cash, then the request first completes the round (on the tab, unpaid), and staff\'s close pays it with the others', async () => {
      const { tabId, token, member, orders, orphanId } = await crashedTab('tab-crash-close');
      const asked = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
      expect([asked.status, asked.body.status, asked.body.total, asked.body.payment]).toEqual([200, 'awaiting_cash', 11.5, undefined]);
      expect(asked.body.rounds.map((r: { orderId: string }) => r.orderId)).toContain(orphanId);
      expect((await orders()).map((o) => o.status)).toEqual(['PLACED', 'PLACED']);
      const closed = await http().post(`/v1/merchants/tab-crash-close/tabs/${tabId}/close`).set('authorization', member).send({ paymentProcessor: 'CASH' });
      expect([closed.status, closed.body.total, closed.body.payment.amountPaid]).toEqual([200, 11.5, 11.5]);
      const all = await orders();
      expect([all.length, all.every((o) => o.status === 'PAID')]).toEqual([2, true]);
    });
  });
});
