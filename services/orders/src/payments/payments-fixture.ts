import type { Test } from 'supertest';
import { cart, newKey, ordersFixture, type OrdersFixture } from '../testing/fixture';
import { defaultOrdersOptions } from './options';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

/** Keys the specs configure: live for production orders, test for sandbox ones (only these with a publishable key). */
export const keys = {
  production: { secretKey: 'sk_live_platform', webhookSecret: 'whsec_live_secret', clientId: 'ca_live_platform' },
  sandbox: { secretKey: 'sk_test_platform', webhookSecret: 'whsec_test_secret', publishableKey: 'pk_test_platform', clientId: 'ca_test_platform' },
} as const;

export interface PaymentsFixture extends OrdersFixture {
  stripe: FakeStripe;
  /** A merchant admin's bearer token (identity's grant), once the orders copy has it. */
  admin(merchantId: string, uid: string): Promise<string>;
  /** Records a connected Stripe account as a merchant admin would. */
  connect(merchantId: string, environment: 'production' | 'sandbox', accountId: string, chargesEnabled?: boolean): Promise<void>;
  /** A card checkout of one `productId`. */
  placeByCard(merchantId: string, productId: string, options?: { key?: string; overrides?: object }): Test;
  /** Delivers a signed webhook body. */
  deliver(delivery: { payload: string; signature: string }, contentType?: string): Test;
  /** The specs' café: merchant `cafe` selling `pie` at 12.50, its production Stripe account `acct_cafelive`; answers a member's bearer token. */
  openCafe(): Promise<string>;
  /** The types of an order's events, in order. */
  eventTypes(orderId: string): Promise<string[]>;
}

/** The orders options with Stripe's keys, the real SDK pointed at this fake of Stripe's API. */
export const paymentsOptionsFor = (stripe: FakeStripe) => defaultOrdersOptions({ stripe: { ...keys, apiBase: stripe.url, connectBase: stripe.url }, stateSecret: 'state-secret-of-the-specs' });

/** The orders service with Stripe's keys pointing the real SDK at a local fake of Stripe's API. */
export async function paymentsFixture(options: { now?: () => Date } = {}): Promise<PaymentsFixture> {
  const stripe = await startFakeStripe();
  const fixture = await ordersFixture({ ...options, orders: paymentsOptionsFor(stripe) });
  const admins = new Map<string, string>();
  const admin: PaymentsFixture['admin'] = async (merchantId, uid) => {
    await fixture.svc.grant({ uid, tenantId: merchantId, role: 'admin' });
    return fixture.bearer(uid);
  };
  const connect: PaymentsFixture['connect'] = async (merchantId, environment, accountId, chargesEnabled = true) => {
    const token = admins.get(merchantId) ?? (await admin(merchantId, `admin-of-${merchantId}`));
    admins.set(merchantId, token);
    const res = await fixture.svc.http().post(`/v1/merchants/${merchantId}/payments/stripe/${environment}`).set('authorization', token).send({ accountId, chargesEnabled });
    if (res.status !== 200) throw new Error(`connect failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  return {
    ...fixture,
    stripe,
    admin,
    connect,
    placeByCard: (merchantId, productId, { key = newKey(), overrides = {} } = {}) =>
      fixture.svc.http().post(`/v1/merchants/${merchantId}/orders`).set('Idempotency-Key', key).send(cart(productId, { paymentProcessor: 'STRIPE', ...overrides })),
    deliver: ({ payload, signature }, contentType = 'application/json; charset=utf-8') =>
      fixture.svc.http().post('/v1/payments/stripe/webhook').set('content-type', contentType).set('stripe-signature', signature).send(payload),
    async openCafe() {
      await fixture.merchant('cafe');
      await fixture.product({ id: 'pie', merchantId: 'cafe', price: 12.5 });
      await connect('cafe', 'production', 'acct_cafelive');
      return fixture.member('cafe', 'carol');
    },
    eventTypes: async (orderId) => (await fixture.svc.started.deps.eventStore.readStream(`order-${orderId}`)).map((e) => e.type),
    async stop() {
      await fixture.stop();
      await stripe.close();
    },
  };
}
