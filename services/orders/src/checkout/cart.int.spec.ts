import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages as m } from './messages';

describe('checkout: the cart against the catalog view', () => {
  let f: OrdersFixture;
  const M = 'joes';
  const place = (body: object, key = newKey(), merchant = M) =>
    f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', key).send(body);
  const burger = (modifiers: { modifierId: string; optionIds: string[] }[], quantity = 1) => ({ productId: 'burger', quantity, modifiers });
  const withLines = (...lineItems: object[]) => cart('soda', { lineItems });

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant(M);
    await f.merchant('bobs');
    await f.modifier({ id: 'size', merchantId: M, title: 'Size', rules: { required: true }, options: [{ id: 'small' }, { id: 'large', cost: 1.25 }] });
    await f.modifier({ id: 'toppings', merchantId: M, title: 'Toppings', rules: { allowedMultiple: true, selectRestriction: 2 }, options: [{ id: 'cheese', cost: 0.5 }, { id: 'bacon', cost: 1 }, { id: 'onion', cost: 0.25 }] });
    await f.modifier({ id: 'sauces', merchantId: M, title: 'Sauces', options: [{ id: 'bbq' }] });
    await f.product({ id: 'burger', merchantId: M, title: 'Burger', price: 9.5, modifiers: ['size', 'toppings'] });
    await f.product({ id: 'soda', merchantId: M, title: 'Soda', price: 2 });
    await f.product({ id: 'sandbox-soda', merchantId: M, title: 'Soda', price: 2, testMode: true });
    await f.product({ id: 'bobs-fries', merchantId: 'bobs', title: 'Fries', price: 3 });
    await f.product({ id: 'gone', merchantId: M, price: 1 });
    await f.deleted('product', 'gone', M);
  });
  afterAll(() => f.stop());

  it('given no Idempotency-Key header, when placing, then 400 with the header message', async () => {
    const res = await f.svc.http().post(`/v1/merchants/${M}/orders`).send(cart('soda'));
    expect([res.status, res.body.message]).toEqual([400, m.idempotencyKeyRequired]);
  });

  it('given a merchant the catalog never announced, then 404 Merchant not found', async () => {
    const res = await place(cart('soda'), newKey(), 'nobody');
    expect([res.status, res.body.message]).toEqual([404, m.merchantNotFound]);
  });

  it('given a burger (large, cheese and bacon) ×2 and a soda, then 201 priced from the catalog, in major units', async () => {
    const res = await place(withLines(burger([{ modifierId: 'size', optionIds: ['large'] }, { modifierId: 'toppings', optionIds: ['cheese', 'bacon'] }], 2), { productId: 'soda', quantity: 1 }));
    expect(res.status).toBe(201);
    expect([res.headers['content-type'], Number(res.headers['content-length'])]).toEqual(['application/json; charset=utf-8', Buffer.byteLength(JSON.stringify(res.body))]);
    expect(res.body).toEqual({
      id: expect.any(String), orderCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/), status: 'PLACED', message: 'Order placed', statusToken: expect.any(String),
      billingSummary: {
        currency: 'USD',
        totals: { subtotal: 26.5, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue: 26.5 },
        fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 },
      },
    });
  });

  it('given client totals and prices in the body, then they are ignored', async () => {
    const res = await place({ ...cart('soda'), billingSummary: { totals: { amountDue: 0.01 } }, lineItems: [{ productId: 'soda', quantity: 1, price: 0.01 }] });
    expect([res.status, res.body.billingSummary.totals.amountDue]).toEqual([201, 2]);
  });

  it.each([
    ['an unknown product', 'nope'],
    ['a deleted product', 'gone'],
    ["another merchant's product", 'bobs-fries'],
    ['a product of the other mode', 'sandbox-soda'],
  ])('given %s, then 400 "This product is not available" on lineItems.0.productId', async (_label, productId) => {
    const res = await place(cart(productId));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'lineItems.0.productId': m.productNotFound });
  });

  it('given a sandbox order (testMode: true), then the sandbox product is found and a production one is not', async () => {
    expect((await place(cart('sandbox-soda', { testMode: true }))).status).toBe(201);
    expect((await place(cart('soda', { testMode: true }))).body.errors).toEqual({ 'lineItems.0.productId': m.productNotFound });
  });

  it("given the merchant's sandbox API key, when it places or quotes without testMode, then a sandbox order from the sandbox catalog, never a live one; asking for production is 403 and places nothing", async () => {
    const sandboxKey = await f.bearer('apikey:joes-test', { id: M, testMode: true });
    const placed = await place(cart('sandbox-soda')).set('authorization', sandboxKey);
    expect(placed.status).toBe(201);
    const [event] = await f.svc.started.deps.eventStore.readStream(`order-${placed.body.id}`);
    expect(event!.data).toMatchObject({ testMode: true });
    expect((await place(cart('soda')).set('authorization', sandboxKey)).body.errors).toEqual({ 'lineItems.0.productId': m.productNotFound });
    const quoted = await f.svc.http().post(`/v1/merchants/${M}/orders/quote`).set('authorization', sandboxKey).send(cart('sandbox-soda'));
    expect([quoted.status, quoted.body.billingSummary?.totals.amountDue]).toEqual([200, 2]);
    for (const refused of [
      await place(cart('soda', { testMode: false })).set('authorization', sandboxKey),
      await f.svc.http().post(`/v1/merchants/${M}/orders/quote`).set('authorization', sandboxKey).send(cart('soda', { testMode: false })),
    ]) {
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'forbidden', 'You do not have access to this page.']);
    }
  });

  it('given one Idempotency-Key used by the sandbox key and then by the production key (a POS going live reuses its order numbers), then each mode places its own order, never answering the other\'s', async () => {
    const sandboxKey = await f.bearer('apikey:joes-test', { id: M, testMode: true });
    const liveKey = await f.bearer('apikey:joes-live', { id: M, testMode: false });
    const body = { ...cart('soda'), lineItems: [{ productId: 'sandbox-soda', quantity: 1, modifiers: [] }] };
    const key = newKey();
    const sandbox = await place(body, key).set('authorization', sandboxKey);
    const anonymousSandbox = await place({ ...cart('sandbox-soda'), testMode: true }, key);
    const live = await place(cart('soda'), key).set('authorization', liveKey);
    expect([sandbox.status, live.status, live.headers['idempotent-replayed']]).toEqual([201, 201, undefined]);
    expect(live.body.id).not.toBe(sandbox.body.id);
    const [placed] = await f.svc.started.deps.eventStore.readStream(`order-${live.body.id}`);
    expect(placed!.data).toMatchObject({ testMode: false });
    // Within a mode the key keeps its meaning: the same key and body answer the first order again.
    expect((await place(cart('soda'), key).set('authorization', liveKey)).body.id).toBe(live.body.id);
    expect([anonymousSandbox.status, anonymousSandbox.body.code]).toEqual([409, 'idempotency_key_reused']);
  });

  it("given the merchant's production API key, then it places live orders; an anonymous diner still chooses the mode with testMode", async () => {
    const liveKey = await f.bearer('apikey:joes-live', { id: M, testMode: false });
    expect((await place(cart('soda')).set('authorization', liveKey)).status).toBe(201);
    expect((await place(cart('sandbox-soda', { testMode: true })).set('authorization', liveKey)).status).toBe(403);
    expect((await place(cart('sandbox-soda', { testMode: true }))).status).toBe(201);
  });

  it.each([[0], [-1], [1.5]])('given quantity %p, then 400 on lineItems.0.quantity', async (quantity) => {
    const res = await place(withLines({ productId: 'soda', quantity }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'lineItems.0.quantity': m.quantityInvalid });
  });

  it('given quantity "2" (text, not a number), then 400 "Quantity must be a number" on lineItems.0.quantity', async () => {
    const res = await place(withLines({ productId: 'soda', quantity: '2' }));
    expect([res.status, res.body.errors]).toEqual([400, { 'lineItems.0.quantity': 'Quantity must be a number' }]);
  });

  it('given no line items, then 400 "Add at least one item to your order"', async () => {
    const res = await place(withLines());
    expect([res.status, res.body.errors]).toEqual([400, { lineItems: m.lineItemsRequired }]);
  });

  it('given a modifier the product does not offer, then 400 on its modifierId', async () => {
    const res = await place(withLines(burger([{ modifierId: 'size', optionIds: ['small'] }, { modifierId: 'sauces', optionIds: ['bbq'] }])));
    expect(res.body.errors).toEqual({ 'lineItems.0.modifiers.1.modifierId': m.modifierNotOnProduct });
  });

  it("given an option of another modifier, then 400 on optionIds", async () => {
    const res = await place(withLines(burger([{ modifierId: 'size', optionIds: ['cheese'] }])));
    expect(res.body.errors).toEqual({ 'lineItems.0.modifiers.0.optionIds': m.optionNotOnModifier });
  });

  it('given a required modifier left out, then 400 "Size is required"', async () => {
    const res = await place(withLines(burger([{ modifierId: 'toppings', optionIds: ['cheese'] }])));
    expect(res.body.errors).toEqual({ 'lineItems.0.modifiers': m.modifierRequired('Size') });
    expect(res.body.message).toBe('Size is required');
  });

  it('given the required modifier with no option, then "Choose at least 1 for Size"', async () => {
    const res = await place(withLines(burger([{ modifierId: 'size', optionIds: [] }])));
    expect(res.body.errors).toEqual({ 'lineItems.0.modifiers.0.optionIds': m.tooFewSelections('Size', 1) });
  });

  it('given two sizes (one allowed) or three toppings (two allowed), then "Choose at most …"', async () => {
    const sizes = await place(withLines(burger([{ modifierId: 'size', optionIds: ['small', 'large'] }])));
    expect(sizes.body.errors).toEqual({ 'lineItems.0.modifiers.0.optionIds': 'Choose at most 1 for Size' });
    const toppings = await place(withLines(burger([{ modifierId: 'size', optionIds: ['small'] }, { modifierId: 'toppings', optionIds: ['cheese', 'bacon', 'onion'] }])));
    expect(toppings.body.errors).toEqual({ 'lineItems.0.modifiers.1.optionIds': 'Choose at most 2 for Toppings' });
  });

  it('given one option twice or one modifier twice, then 400 and nothing placed', async () => {
    const twiceOption = await place(withLines(burger([{ modifierId: 'size', optionIds: ['small'] }, { modifierId: 'toppings', optionIds: ['cheese', 'cheese'] }])));
    expect(twiceOption.body.errors).toEqual({ 'lineItems.0.modifiers.1.optionIds': m.optionChosenTwice });
    const twiceModifier = await place(withLines(burger([{ modifierId: 'size', optionIds: ['small'] }, { modifierId: 'size', optionIds: ['large'] }])));
    expect(twiceModifier.body.errors).toEqual({ 'lineItems.0.modifiers.1.modifierId': m.modifierListedTwice });
  });

  it('given a bad first line and a bad third line, then one error per line', async () => {
    const res = await place(withLines({ productId: 'nope', quantity: 1 }, { productId: 'soda', quantity: 1 }, burger([])));
    expect(res.body.errors).toEqual({ 'lineItems.0.productId': m.productNotFound, 'lineItems.2.modifiers': 'Size is required' });
  });

  it('given a modifier whose options changed in the catalog, then checkout uses the new snapshot', async () => {
    await f.modifier({ id: 'size', merchantId: M, title: 'Size', rules: { required: true }, options: [{ id: 'small' }, { id: 'large', cost: 2 }] });
    const res = await place(withLines(burger([{ modifierId: 'size', optionIds: ['large'] }])));
    expect(res.body.billingSummary.totals.subtotal).toBe(11.5);
  });
});
