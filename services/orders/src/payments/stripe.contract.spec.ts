import type { Logger, ReadModelStore } from '@seatside/chassis';
import type { PlacedOrder } from '../orders/order';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { ConnectNotCompleted, PaymentNotCancelled, RefundNotIssued, type PaymentsPort } from './port';
import { stripePayments } from './stripe';

/**
 * The Stripe adapter's contract, run against the local fake always and against Stripe's own test
 * mode when its keys are set (STRIPE_CONTRACT_SECRET_KEY = an `sk_test_…` platform key,
 * STRIPE_CONTRACT_ACCOUNT = a connected test account `acct_…`, optional STRIPE_CONTRACT_CLIENT_ID),
 * so the fake is held to what Stripe does. Test mode only: it never runs with a live key.
 */
const silent = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;
/** The contract calls the SDK only: the merchant's account is given, never looked up. */
const noReadModels = { collection: () => { throw new Error('the contract looks up no account'); } } as unknown as ReadModelStore;
const order = (orderId: string) => ({ orderId, merchantId: 'contract-merchant' }) as PlacedOrder;
const run = `${Date.now().toString(36)}${process.pid}`;

interface Target {
  port: PaymentsPort;
  account: string;
  stop(): Promise<void>;
}

function contract(name: string, start: () => Promise<Target>) {
  describe(`the Stripe adapter ${name}`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(() => target?.stop());
    const create = (key: string) =>
      target.port.createPayment({ order: order(`order-${key}`), amountMinor: 1250, currency: 'USD', connectedAccount: target.account, testMode: true, idempotencyKey: `contract-${run}-${key}` });

    it('given a sandbox order, when a payment is created twice with one idempotency key, then one PaymentIntent awaits the card, with a client secret', async () => {
      const first = await create('twice');
      const again = await create('twice');
      expect(first).toMatchObject({ status: 'requires_payment_method', clientSecret: expect.stringContaining(`${first.paymentId}_secret_`) });
      expect(again.paymentId).toBe(first.paymentId);
    });

    it('given an unpaid payment, then it cannot be refunded, it can be cancelled once, and a second cancel is refused', async () => {
      const { paymentId } = await create('cancel');
      await expect(target.port.refundPayment({ paymentId, amountMinor: 100, currency: 'USD', connectedAccount: target.account, testMode: true, idempotencyKey: `contract-${run}-refund` })).rejects.toBeInstanceOf(RefundNotIssued);
      await target.port.cancelPayment({ paymentId, connectedAccount: target.account, testMode: true });
      await expect(target.port.cancelPayment({ paymentId, connectedAccount: target.account, testMode: true })).rejects.toBeInstanceOf(PaymentNotCancelled);
    });

    it('given a code Stripe never issued, then the connection is not completed', async () => {
      await expect(target.port.completeConnect(true, `ac_not_issued_${run}`)).rejects.toBeInstanceOf(ConnectNotCompleted);
    });
  });
}

contract('against the local fake', async () => {
  const fake: FakeStripe = await startFakeStripe();
  const port = stripePayments({ sandbox: { secretKey: 'sk_test_contract', clientId: 'ca_contract' }, apiBase: fake.url }, silent, noReadModels);
  return { port, account: 'acct_contract', stop: () => fake.close() };
});

const secretKey = process.env.STRIPE_CONTRACT_SECRET_KEY;
const account = process.env.STRIPE_CONTRACT_ACCOUNT;
if (secretKey?.startsWith('sk_test_') && account) {
  contract("against Stripe's test mode", async () => ({
    port: stripePayments({ sandbox: { secretKey, clientId: process.env.STRIPE_CONTRACT_CLIENT_ID ?? 'ca_unset' } }, silent, noReadModels),
    account,
    stop: async () => undefined,
  }));
} else {
  describe("the Stripe adapter against Stripe's test mode", () => {
    it.skip('SKIPPED: STRIPE_CONTRACT_SECRET_KEY (sk_test_…) and STRIPE_CONTRACT_ACCOUNT (acct_…) are not set, so these cases ran against the local fake only', () => undefined);
  });
}
