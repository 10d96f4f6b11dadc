import { keys, paymentsFixture, type PaymentsFixture } from './payments-fixture';

/** `GET /v1/merchants/{merchantId}/payments/card`: whether, and how, the storefront takes a card. */
describe('payments: the card options of a storefront', () => {
  let f: PaymentsFixture;
  const cardOf = (merchantId: string, testMode: boolean) => f.svc.http().get(`/v1/merchants/${merchantId}/payments/card${testMode ? '?testMode=true' : ''}`);

  beforeAll(async () => {
    f = await paymentsFixture();
    await f.merchant('cards');
    await f.connect('cards', 'sandbox', 'acct_Cards1');
    await f.connect('cards', 'production', 'acct_cardsLive');
    await f.merchant('unconnected');
    await f.merchant('disabled');
    await f.connect('disabled', 'sandbox', 'acct_disabled1', false);
    await f.merchant('square', { paymentProcessor: 'SQUARE' });
    await f.connect('square', 'sandbox', 'acct_square1');
  });
  afterAll(() => f.stop());

  it('given a STRIPE merchant with a sandbox account that can charge and sandbox keys with a publishable key, then its sandbox storefront takes cards there, anonymously', async () => {
    const res = await cardOf('cards', true);
    expect([res.status, res.body]).toEqual([200, { card: { processor: 'STRIPE', publishableKey: keys.sandbox.publishableKey, accountId: 'acct_Cards1' } }]);
  });

  it('given production keys without a publishable key, then its production storefront takes no card (the browser could not load Stripe.js)', async () => {
    expect((await cardOf('cards', false)).body).toEqual({ card: null });
  });

  it.each([
    ['no connected account', 'unconnected'],
    ['an account whose charges are not enabled', 'disabled'],
    ['SQUARE as its processor', 'square'],
  ])('given a merchant with %s, then no card', async (_what, merchantId) => {
    expect((await cardOf(merchantId, true)).body).toEqual({ card: null });
  });

  it.each(['yes', '1', 'TRUE'])("given testMode=%s, then 400 \"testMode must be 'true' or 'false'\" under testMode, not the production card", async (testMode) => {
    const res = await f.svc.http().get(`/v1/merchants/cards/payments/card?testMode=${testMode}`);
    expect([res.status, res.body.errors]).toEqual([400, { testMode: "testMode must be 'true' or 'false'" }]);
  });

  it('given an unknown merchant, then 404 "Merchant not found"', async () => {
    const res = await cardOf('nobody', true);
    expect([res.status, res.body.message]).toEqual([404, 'Merchant not found']);
  });

  it('given new checkoutOptions with SQUARE, when the event arrives, then the card goes at once', async () => {
    await f.merchantUpdate('cards', { checkoutOptions: { paymentProcessor: 'SQUARE' } });
    expect((await cardOf('cards', true)).body).toEqual({ card: null });
  });
});
