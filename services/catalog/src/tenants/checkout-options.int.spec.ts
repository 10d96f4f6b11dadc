import { authMessages } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';
import { checkoutMessages as m } from './checkout-options';

const noAccess = 'You do not have access to this page.';

describe('checkoutOptions: POST /v1/merchants/{id} {checkoutOptions} (seed 001 §3, §7; seed 002 §5)', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const bearer = async (uid: string, tenant?: { collection: 'merchants'; id: string; testMode: boolean }) => `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const read = async () => (await svc.http().get(`/v1/merchants/${merchant}`).set('authorization', alice)).body.checkoutOptions;
  const save = (checkoutOptions: unknown, auth = alice) => svc.http().post(`/v1/merchants/${merchant}`).set('authorization', auth).send({ checkoutOptions });
  const head = async () => (await svc.committed()).length;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = await bearer('alice');
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Section 114 Nachos', handle: 'section-114' })).body.id;
    await svc.grant({ uid: 'tina', tenantId: merchant });
  });
  afterAll(() => svc.stop());

  it('given a new merchant, then it takes PICKUP at the COUNTER paid in cash, in USD, with no tax or fees', async () => {
    expect(await read()).toMatchObject({
      fulfillmentTypes: { DELIVERY: false, PICKUP: true, SELF_CHECKOUT: false, TAG: false },
      pickupMethods: { COUNTER: true, TABLE: false, CURBSIDE: false, DRIVE_THROUGH: false },
      paused: false, enableCoupons: false, enablePayLater: false, collectTips: false,
      currency: 'USD', taxRate: 0, deliveryFee: 0, minimumOrderAmount: 0, convenienceFee: 0, tagDeliveryFee: 0,
      chargePlatformFeeToCustomer: false, chargeCustomerProcessingFee: false, chargeConvenienceFeeForCashTransactions: false,
    });
  });

  it('given a partial change, when saved, then "Settings saved" and only those fields change; the event keeps money in cents', async () => {
    const res = await save({ taxRate: 8.25, deliveryFee: '4.99', fulfillmentTypes: { DELIVERY: true }, collectTips: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: m.saved });
    expect(await read()).toMatchObject({ taxRate: 8.25, deliveryFee: 4.99, collectTips: true, fulfillmentTypes: { DELIVERY: true, PICKUP: true, SELF_CHECKOUT: false, TAG: false } });
    const events = await svc.started.deps.eventStore.readStream(`merchant-${merchant}`);
    const changed = events.filter((e) => e.type === 'CheckoutOptionsChanged').pop();
    expect(changed?.data).toMatchObject({ merchantId: merchant, checkoutOptions: { deliveryFeeMinor: 499, taxRate: 8.25, currency: 'USD' } });
  });

  it('given blank amounts, when saved, then they are saved as 0 (seed 002 §5)', async () => {
    await save({ taxRate: '', convenienceFee: '', tagDeliveryFee: null });
    expect(await read()).toMatchObject({ taxRate: 0, convenienceFee: 0, tagDeliveryFee: 0 });
  });

  it('given a tax rate over 100, a negative fee or an unknown field, then 400 with the field named, and nothing changes', async () => {
    const before = await head();
    const tax = await save({ taxRate: 101 });
    expect(tax.status).toBe(400);
    expect(tax.body.errors).toEqual({ 'checkoutOptions.taxRate': m.taxRate });
    const fee = await save({ deliveryFee: -1 });
    expect(fee.body.errors).toEqual({ 'checkoutOptions.deliveryFee': m.amount });
    expect((await save({ surprise: true })).status).toBe(400);
    expect((await svc.http().post(`/v1/merchants/${merchant}`).set('authorization', alice).send({})).body.message).toBe(m.nothing);
    expect(await head()).toBe(before);
  });

  it('given anyone but the merchant\'s admin (or its production key), then refused and nothing changes', async () => {
    const before = await head();
    expect((await svc.http().post(`/v1/merchants/${merchant}`).send({ checkoutOptions: { paused: true } })).status).toBe(401);
    for (const auth of [await bearer('tina'), await bearer('mallory'), await bearer('ops', undefined)]) {
      const res = await save({ paused: true }, auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(noAccess);
    }
    const sandbox = await save({ paused: true }, await bearer('key', { collection: 'merchants', id: merchant, testMode: true }));
    expect([sandbox.status, sandbox.body.message]).toEqual([403, authMessages.sandboxKeyCannotChangeStorefront]);
    expect(await head()).toBe(before);
    expect((await read()).paused).toBe(false);
    expect((await save({ paused: true }, await bearer('key', { collection: 'merchants', id: merchant, testMode: false }))).status).toBe(200);
  });

  it('given a venue id or an unknown id, then "Merchant not found"', async () => {
    const venue = (await svc.http().post('/v1/venues/create').set('authorization', alice).send({ name: 'Arena', handle: 'the-arena' })).body.id;
    for (const id of [venue, 'nope']) {
      const res = await svc.http().post(`/v1/merchants/${id}`).set('authorization', alice).send({ checkoutOptions: { paused: true } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Merchant not found');
    }
  });
});
