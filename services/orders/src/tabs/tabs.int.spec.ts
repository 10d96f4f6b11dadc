import { ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages } from '../checkout/messages';
import { tabMessages as m } from './tab';

/**
 * Tab ordering (issue 20, seed 002 §3 fulfillmentTypes.TAB): a diner opens a tab, sends rounds
 * (each an order in the merchant's list as it is sent), and the tab is closed and paid once; the
 * merchant sees open tabs with their running totals and can close one.
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

  it('given an open tab with two rounds, then each round is an order in the merchant\'s list as sent, the merchant sees the running total, and one close pays both rounds', async () => {
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

    const forged = await http().post(`/v1/tabs/${tabId}/close`).send({ token: `${tabId}.forged`, paymentProcessor: 'CASH' });
    expect(forged.status).toBe(403);
    const closed = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', total: 18.5, payment: { paymentProcessor: 'CASH', amountPaid: 18.5 }, message: m.closedMessage });
    for (const orderId of [first.body.round.id, second.body.round.id]) {
      const order = await http().get(`/v1/merchants/${M}/orders/${orderId}`).set('authorization', staff);
      expect([order.body.status, order.body.type]).toEqual(['PAID', 'TAB']);
    }
    // Paid once: closed for good.
    const again = await http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' });
    expect([again.status, again.body.code]).toEqual([409, 'tab_closed']);
    const late = await round(tabId, token, 'beer');
    expect([late.status, late.body.code]).toEqual([409, 'tab_closed']);
    expect((await http().get(`/v1/merchants/${M}/tabs`).set('authorization', staff)).body.data).toEqual([]);
  });

  it('given an open tab, then a member closes it from the merchant side; a stranger cannot see the tabs', async () => {
    const { tabId, token } = (await open()).body as { tabId: string; token: string };
    expect((await round(tabId, token, 'beer')).status).toBe(201);
    const stranger = await http().get(`/v1/merchants/${M}/tabs`).set('authorization', await f.bearer('mallory'));
    expect(stranger.status).toBe(403);
    const closed = await http().post(`/v1/merchants/${M}/tabs/${tabId}/close`).set('authorization', staff).send({ paymentProcessor: 'CASH' });
    expect([closed.status, closed.body.status, closed.body.total]).toEqual([200, 'closed', 7]);
  });

  it('given rounds sent at the moment the tab closes, then every round order is either paid by the close or refused (409 tab_closed, its order cancelled): none is left unpaid', async () => {
    const R = 'tab-race';
    await f.merchant(R, { fulfillmentTypes: { PICKUP: true, TAB: true } });
    await f.product({ id: 'race-beer', merchantId: R, title: 'Beer', price: 7 });
    const raceStaff = await f.member(R, 'rita');
    const { tabId, token } = (await open(R)).body as { tabId: string; token: string };
    expect((await round(tabId, token, 'race-beer')).status).toBe(201);

    // When 10 rounds and the close are fired at once.
    const [closed, ...rounds] = await Promise.all([
      http().post(`/v1/tabs/${tabId}/close`).send({ token, paymentProcessor: 'CASH' }),
      ...Array.from({ length: 10 }, () => round(tabId, token, 'race-beer')),
    ]);

    expect(closed!.status).toBe(200);
    for (const r of rounds) expect(r.status === 201 || (r.status === 409 && r.body.code === 'tab_closed')).toBe(true);
    const paidIds = (closed!.body.rounds as { orderId: string }[]).map((r) => r.orderId);
    expect(closed!.body.payment.amountPaid).toBe(closed!.body.total);
    expect(closed!.body.total).toBe(7 * paidIds.length);
    // Every round accepted is one the close paid.
    for (const r of rounds.filter((r) => r.status === 201)) expect(paidIds).toContain(r.body.round.id);

    // Then every order of the tab is PAID (and one the close paid) or CANCELLED (refused): none is left unpaid.
    const listed = await http().get(`/v1/merchants/${R}/orders?limit=50`).set('authorization', raceStaff);
    const all = listed.body.data as { id: string; status: string }[];
    // (a round refused before it was placed left no order at all)
    expect(all.length).toBeLessThanOrEqual(11);
    expect(paidIds).toHaveLength(1 + rounds.filter((r) => r.status === 201).length);
    for (const order of all) {
      expect(['PAID', 'CANCELLED']).toContain(order.status);
      expect(order.status === 'PAID').toBe(paidIds.includes(order.id));
    }
    expect(all.filter((o) => o.status === 'CANCELLED').length).toBeLessThanOrEqual(rounds.filter((r) => r.status === 409).length);
  });
});
