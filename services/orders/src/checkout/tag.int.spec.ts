import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { checkoutMessages as m } from './messages';

/**
 * TAG fulfilment (issue 27, seed 002 §2–§3): an order delivered by staff to the tag's table or
 * seat, priced with the tag delivery fee on its own line, recording the tag's code and metadata as
 * ordered.
 */
describe('checkout: delivery to a tag (TAG)', () => {
  let f: OrdersFixture;
  const place = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders`).set('Idempotency-Key', newKey()).send(body);
  const quote = (merchant: string, body: object) => f.svc.http().post(`/v1/merchants/${merchant}/orders/quote`).send(body);
  const seat = [{ key: 'Section', value: '104' }, { key: 'Seat', value: '2C' }];
  const tagOrder = (product: string, tagId: string, extra: object = {}) => cart(product, { fulfillment: { type: 'TAG', tagId, ...extra } });
  let staff: string;

  beforeAll(async () => {
    f = await ordersFixture();
    await f.merchant('stand', { fulfillmentTypes: { PICKUP: true, TAG: true }, tagDeliveryFee: 1.5 });
    await f.merchant('editable', { fulfillmentTypes: { PICKUP: true, TAG: true }, enableTagMetadataEdit: true });
    await f.merchant('counter');
    await f.merchant('rival', { fulfillmentTypes: { PICKUP: true, TAG: true } });
    for (const merchantId of ['stand', 'editable', 'counter', 'rival']) await f.product({ id: `${merchantId}-nachos`, merchantId, title: 'Nachos', price: 8 });
    await f.tag({ id: 'seat-2c', code: 'sec104-2c', tenantId: 'stand', metadata: [...seat, { key: 'Staff note', value: 'near the aisle', visible: false }] });
    await f.tag({ id: 'edit-2c', tenantId: 'editable', metadata: seat });
    await f.tag({ id: 'counter-2c', tenantId: 'counter', metadata: seat });
    await f.tag({ id: 'rival-2c', tenantId: 'rival', metadata: seat });
    await f.tag({ id: 'gone-2c', tenantId: 'stand', metadata: seat, deleted: true });
    await f.tag({ id: 'sandbox-2c', tenantId: 'stand', metadata: seat, testMode: true });
    // A venue's tags: the arena links the stand (and the rival); the hall links nobody.
    await f.venueLinks('arena', ['rival', 'stand']);
    await f.venueLinks('hall', []);
    await f.tag({ id: 'arena-9', code: 'arena-table-9', collection: 'venues', tenantId: 'arena', metadata: [{ key: 'Table', value: '9' }] });
    await f.tag({ id: 'arena-sandbox-9', collection: 'venues', tenantId: 'arena', metadata: [{ key: 'Table', value: '9' }], testMode: true });
    await f.tag({ id: 'hall-9', collection: 'venues', tenantId: 'hall', metadata: [{ key: 'Table', value: '9' }] });
    staff = await f.member('stand', 'sam');
  });
  afterAll(() => f.stop());

  it('given TAG on and a tag of the merchant, then the order records the tag code and its visible metadata, with the tag delivery fee on its own line', async () => {
    const quoted = await quote('stand', tagOrder('stand-nachos', 'seat-2c'));
    expect([quoted.status, quoted.body.billingSummary?.fees]).toEqual([200, { deliveryFee: 0, tagDeliveryFee: 1.5, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 }]);
    const placed = await place('stand', tagOrder('stand-nachos', 'seat-2c'));
    expect(placed.status).toBe(201);
    expect(placed.body.billingSummary).toEqual(quoted.body.billingSummary);
    expect(placed.body.billingSummary.totals.amountDue).toBe(9.5);
    const order = await f.svc.http().get(`/v1/merchants/stand/orders/${placed.body.id}`).set('authorization', staff);
    expect(order.body).toMatchObject({
      type: 'TAG', fulfillment: { type: 'TAG' }, tagId: 'seat-2c',
      location: { tagId: 'seat-2c', tagCode: 'sec104-2c', name: 'Section 104 · Seat 2C', metadata: seat },
    });
    const diner = await f.svc.http().get(`/v1/orders/${placed.body.id}`).query({ token: placed.body.statusToken });
    expect(diner.body.location).toMatchObject({ name: 'Section 104 · Seat 2C' });
  });

  it.each([
    ['without a tag', 'stand', cart('stand-nachos', { fulfillment: { type: 'TAG' } }), 'fulfillment.tagId', m.tagRequired],
    ["with another merchant's tag", 'stand', tagOrder('stand-nachos', 'rival-2c'), 'fulfillment.tagId', m.tagOfAnotherStore],
    ['with the sandbox tag for a production order', 'stand', tagOrder('stand-nachos', 'sandbox-2c'), 'fulfillment.tagId', m.tagOfAnotherStore],
    ['with the tag of a venue that does not link the merchant', 'stand', tagOrder('stand-nachos', 'hall-9'), 'fulfillment.tagId', m.tagOfAnotherStore],
    ["with the venue's sandbox tag for a production order", 'stand', tagOrder('stand-nachos', 'arena-sandbox-9'), 'fulfillment.tagId', m.tagOfAnotherStore],
    ['with a deleted tag', 'stand', tagOrder('stand-nachos', 'gone-2c'), 'fulfillment.tagId', m.tagNotFound],
    ['with an unknown tag', 'stand', tagOrder('stand-nachos', 'nope'), 'fulfillment.tagId', m.tagNotFound],
    ['with TAG off', 'counter', tagOrder('counter-nachos', 'counter-2c'), 'fulfillment.type', m.fulfillmentNotAvailable.TAG],
  ])('given a TAG order %s, then 400 on its field and nothing is written', async (_case, merchant, body, field, message) => {
    const before = (await f.svc.committed()).length;
    for (const res of [await quote(merchant, body), await place(merchant, body)]) {
      expect([res.status, res.body.message, res.body.errors]).toEqual([400, message, { [field]: message }]);
    }
    expect((await f.svc.committed()).length).toBe(before);
  });

  it('given enableTagMetadataEdit, then the corrected values are kept on the order (only the tag\'s own keys); without it, the tag\'s values stand', async () => {
    const moved = { metadata: [{ key: 'Seat', value: '3D' }, { key: 'Row', value: 'Z' }] };
    const edited = await place('editable', tagOrder('editable-nachos', 'edit-2c', moved));
    const kept = await place('stand', tagOrder('stand-nachos', 'seat-2c', moved));
    const orderOf = async (merchant: string, id: string) => (await f.svc.http().get(`/v1/orders/${id}`).query({ token: (merchant === 'editable' ? edited : kept).body.statusToken })).body;
    expect((await orderOf('editable', edited.body.id)).location).toMatchObject({ name: 'Section 104 · Seat 3D', metadata: [{ key: 'Section', value: '104' }, { key: 'Seat', value: '3D' }] });
    expect((await orderOf('stand', kept.body.id)).location).toMatchObject({ name: 'Section 104 · Seat 2C', metadata: seat });
  });

  it('given a tag whose merchant has TAG off, then a pickup through it still works, with no delivery fee, and shows the tag\'s metadata', async () => {
    const placed = await place('counter', cart('counter-nachos', { tagId: 'counter-2c' }));
    expect([placed.status, placed.body.billingSummary.fees.tagDeliveryFee]).toEqual([201, 0]);
    const diner = await f.svc.http().get(`/v1/orders/${placed.body.id}`).query({ token: placed.body.statusToken });
    expect(diner.body).toMatchObject({ fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, location: { name: 'Section 104 · Seat 2C' } });
  });

  it("given a venue's tag and a merchant the venue links, then a TAG order through it is quoted and placed with the tag delivery fee and records the tag and its location", async () => {
    const quoted = await quote('stand', tagOrder('stand-nachos', 'arena-9'));
    expect([quoted.status, quoted.body.billingSummary?.fees?.tagDeliveryFee]).toEqual([200, 1.5]);
    const placed = await place('stand', tagOrder('stand-nachos', 'arena-9'));
    expect([placed.status, placed.body.billingSummary]).toEqual([201, quoted.body.billingSummary]);
    const order = await f.svc.http().get(`/v1/merchants/stand/orders/${placed.body.id}`).set('authorization', staff);
    expect(order.body).toMatchObject({
      type: 'TAG', tagId: 'arena-9',
      location: { tagId: 'arena-9', tagCode: 'arena-table-9', name: 'Table 9', metadata: [{ key: 'Table', value: '9' }] },
    });
  });

  it("given the venue unlinks the merchant, then the venue's tag no longer orders for it, and still does for the merchant it links", async () => {
    await f.venueLinks('arena', ['rival']);
    const refused = await place('stand', tagOrder('stand-nachos', 'arena-9'));
    expect([refused.status, refused.body.errors]).toEqual([400, { 'fulfillment.tagId': m.tagOfAnotherStore }]);
    expect((await place('rival', tagOrder('rival-nachos', 'arena-9'))).status).toBe(201);
    await f.venueLinks('arena', ['rival', 'stand']);
  });

  it("given a pickup naming another merchant's tag, then 400 on tagId", async () => {
    const res = await place('counter', cart('counter-nachos', { tagId: 'rival-2c' }));
    expect([res.status, res.body.errors]).toEqual([400, { tagId: m.tagOfAnotherStore }]);
  });
});
