import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { orders } from '../orders/projections';
import { stockTable } from '../catalog/stock';
import { checkoutMessages as m } from './messages';

// The clock stands still at Sunday 2026-11-22, noon in New York (EST, UTC-5).
const NOON_SUNDAY_NY = new Date('2026-11-22T17:00:00.000Z');
const NY = 'America/New_York';
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe("checkout: the merchant's opening hours, pickup slots and menu times", () => {
  let f: OrdersFixture;
  const place = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', newKey()).send(body);
  const pickupAt = (pickupTime: string) => ({ fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime } });
  const lines = (...productIds: string[]) => ({ lineItems: productIds.map((productId) => ({ productId, quantity: 1, modifiers: [] })) });
  const placedEvents = async () => (await f.svc.committed()).filter((e) => e.type === 'OrderPlaced').length;
  const orderCount = (merchantId: string) => f.svc.started.deps.readModels.collection(orders).count({ merchantId });
  const remaining = (productId: string) => stockTable(f.svc.started.deps.schema).remaining(f.svc.started.deps.pool, productId);
  /** The refusal, and that it wrote nothing: no OrderPlaced, no order, the stock as it was. */
  const refusedWithoutWriting = async (merchant: string, product: string, body: object) => {
    const before = [await placedEvents(), await orderCount(merchant), await remaining(product)];
    const res = await place(merchant, body);
    expect([await placedEvents(), await orderCount(merchant), await remaining(product)]).toEqual(before);
    return [res.status, res.body.errors];
  };

  beforeAll(async () => {
    f = await ordersFixture({ now: () => NOON_SUNDAY_NY });
    // Open 9 AM to 5:30 PM in New York, closed on Mondays.
    await f.merchant('diner');
    await f.hours('diner', [{ day: 'Sunday', isOpen: true, open: '0900', close: '1730' }, ...weekdays.map((day) => ({ day, isOpen: day !== 'Monday', open: '0900', close: '1730' }))], NY);
    await f.product({ id: 'diner-soup', merchantId: 'diner', title: 'Soup', price: 6, manageStock: true, stockQuantity: 10 });
    // Open in the evening only: closed at noon.
    await f.merchant('night');
    await f.hours('night', [{ day: 'Sunday', isOpen: true, open: '1800', close: '0200' }, ...weekdays.map((day) => ({ day, isOpen: false }))], NY);
    await f.product({ id: 'night-soup', merchantId: 'night', title: 'Soup', price: 6, manageStock: true, stockQuantity: 10 });
    // No hours (always open), products restricted to menu times: lunch 11 AM to 2:30 PM, drinks all day.
    await f.merchant('menus', { restrictUPCItemsToMenuTimes: true });
    await f.merchantUpdate('menus', { timeZone: NY });
    await f.product({ id: 'menus-soup', merchantId: 'menus', title: 'Soup', price: 6, manageStock: true, stockQuantity: 10 });
    await f.product({ id: 'menus-tea', merchantId: 'menus', title: 'Tea', price: 2 });
    await f.product({ id: 'menus-stray', merchantId: 'menus', title: 'Stray', price: 2 });
    await f.product({ id: 'menus-sandbox-tea', merchantId: 'menus', title: 'Tea', price: 2, testMode: true });
    await f.menu({ id: 'lunch', merchantId: 'menus', products: ['menus-soup'], begin: '1100', end: '1430' });
    await f.menu({ id: 'drinks', merchantId: 'menus', products: ['menus-tea'] });
    await f.menu({ id: 'sandbox-drinks', merchantId: 'menus', products: ['menus-sandbox-tea'], testMode: true });
  });
  afterAll(() => f.stop());

  describe('a store open 9 AM to 5:30 PM, closed on Mondays', () => {
    it('given a pickup at 12:30 PM (a 15-minute slot inside the hours), then 201 and the stock is taken', async () => {
      const res = await place('diner', cart('diner-soup', pickupAt('2026-11-22T17:30:00.000Z')));
      expect(res.status).toBe(201);
      expect(await remaining('diner-soup')).toBe(9);
    });

    it('given an order for now while open, then 201; given the closing time as the last slot, then 201', async () => {
      expect((await place('diner', cart('diner-soup'))).status).toBe(201);
      expect((await place('diner', cart('diner-soup', pickupAt('2026-11-22T22:30:00Z')))).status).toBe(201);
    });

    it('given 12:40 PM (off the 15-minute grid), then 400 "one of the offered times" and nothing written', async () => {
      expect(await refusedWithoutWriting('diner', 'diner-soup', cart('diner-soup', pickupAt('2026-11-22T17:40:00Z')))).toEqual([400, { 'fulfillment.pickupTime': m.pickupTimeNotOnSlot(15) }]);
    });

    it.each([
      ['6 PM, after closing', '2026-11-22T23:00:00Z'],
      ['10 AM on Monday, a closed day', '2026-11-23T15:00:00Z'],
    ])('given a pickup at %s, then 400 "within the store\'s opening hours" and nothing written', async (_label, pickupTime) => {
      expect(await refusedWithoutWriting('diner', 'diner-soup', cart('diner-soup', pickupAt(pickupTime)))).toEqual([400, { 'fulfillment.pickupTime': m.pickupTimeOutsideHours }]);
    });
  });

  describe('a store open 6 PM to 2 AM, closed at noon', () => {
    it('given an order for now, then 400 "closed right now" on fulfillment.pickupTime and nothing written', async () => {
      expect(await refusedWithoutWriting('night', 'night-soup', cart('night-soup'))).toEqual([400, { 'fulfillment.pickupTime': m.storeClosedChooseTime }]);
    });

    it('given a pickup at 6 PM, or 1:30 AM past midnight, then 201', async () => {
      expect((await place('night', cart('night-soup', pickupAt('2026-11-22T23:00:00Z')))).status).toBe(201);
      expect((await place('night', cart('night-soup', pickupAt('2026-11-23T06:30:00Z')))).status).toBe(201);
    });

    it('given its hours changed to open all day Sunday, when the event arrives, then an order for now is placed', async () => {
      await f.hours('night', [{ day: 'Sunday', isOpen: true, openAllDay: true }]);
      expect((await place('night', cart('night-soup'))).status).toBe(201);
    });
  });

  describe('restrictUPCItemsToMenuTimes: lunch 11 AM to 2:30 PM, drinks all day', () => {
    it('given lunch and a drink now (noon), then 201; given the sandbox drink in sandbox mode, then 201', async () => {
      expect((await place('menus', cart('menus-soup', lines('menus-soup', 'menus-tea')))).status).toBe(201);
      expect((await place('menus', cart('menus-sandbox-tea', { testMode: true }))).status).toBe(201);
    });

    it('given a product on no menu, then 400 on its line and nothing written', async () => {
      expect(await refusedWithoutWriting('menus', 'menus-soup', cart('menus-soup', lines('menus-soup', 'menus-stray')))).toEqual([400, { 'lineItems.1.productId': m.productNotOnMenuNow }]);
    });

    it('given the lunch soup for pickup at 3 PM, then 400 on its line and nothing written; the drink then is fine', async () => {
      expect(await refusedWithoutWriting('menus', 'menus-soup', cart('menus-soup', { ...lines('menus-tea', 'menus-soup'), ...pickupAt('2026-11-22T20:00:00Z') }))).toEqual([400, { 'lineItems.1.productId': m.productNotOnMenuAtPickup }]);
      expect((await place('menus', cart('menus-tea', pickupAt('2026-11-22T20:00:00Z')))).status).toBe(201);
    });

    it('given the lunch menu moved to the evening, then the soup is refused now; deleted, the drink menu still serves tea', async () => {
      await f.menuUpdate('lunch', { begin: '1700', end: '2100' });
      expect(await refusedWithoutWriting('menus', 'menus-soup', cart('menus-soup'))).toEqual([400, { 'lineItems.0.productId': m.productNotOnMenuNow }]);
      expect((await place('menus', cart('menus-soup', pickupAt('2026-11-22T22:00:00Z')))).status).toBe(201);
      await f.deleted('menu', 'drinks', 'menus');
      expect((await place('menus', cart('menus-tea'))).body.errors).toEqual({ 'lineItems.0.productId': m.productNotOnMenuNow });
    });
  });

  it('given a new merchant (no hours, no menus, the default settings), then an order for now is placed', async () => {
    await f.merchant('plain');
    await f.product({ id: 'plain-meal', merchantId: 'plain', price: 5 });
    expect((await place('plain', cart('plain-meal'))).status).toBe(201);
  });
});
