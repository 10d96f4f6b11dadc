import type { Logger } from '@seatside/chassis';
import type { PlacedOrder } from '../orders/order';
import { startFakeSquare, squareTestCards, type FakeSquare } from './fake-square';
import { PaymentNotCancelled, PaymentNotStarted, type PaymentsPort } from './port';
import { squarePayments } from './square';
import type { SquareAccess } from './square-access';
import { squareConnector } from './square-connect';

/**
 * The Square adapter's contract, run against the local fake always and against Square's real
 * sandbox when a sandbox seller's credentials are set (SQUARE_CONTRACT_ACCESS_TOKEN = a sandbox
 * access token, e.g. the Developer Console's sandbox token; SQUARE_CONTRACT_LOCATION_ID = one of
 * that seller's locations), so the fake is held to what Square does. Sandbox only: it never runs
 * against production.
 */
const silent = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;
/** The contract gives the seller's token and location itself; it never looks a connection up. */
const noSellers: SquareAccess = { record: () => Promise.reject(new Error('not used')), seller: () => Promise.reject(new Error('not used')) };
const order = (orderId: string) => ({ orderId, merchantId: 'contract-merchant' }) as PlacedOrder;
const run = `${Date.now().toString(36)}${process.pid}`;

interface Target {
  port: PaymentsPort;
  accessToken: string;
  locationId: string;
  stop(): Promise<void>;
}

function contract(name: string, start: () => Promise<Target>) {
  describe(`the Square adapter ${name}`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(() => target?.stop());
    const create = (key: string, sourceId: string = squareTestCards.ok) =>
      target.port.createPayment({
        order: order(`c${run}-${key}`.slice(0, 36)), amountMinor: 1250, currency: 'USD', connectedAccount: target.accessToken, locationId: target.locationId, testMode: true, idempotencyKey: `contract-${run}-${key}`, sourceId,
      });
    const ids = (paymentId: string) => ({ paymentId, connectedAccount: target.accessToken, testMode: true });

    it('given a sandbox card token, when a payment is created twice with one idempotency key, then one payment is authorized; completed, it carries the card, and part of it is refunded', async () => {
      const first = await create('twice');
      const again = await create('twice');
      expect(first.status).toBe('APPROVED');
      expect(first.clientSecret).toBeUndefined();
      expect(again.paymentId).toBe(first.paymentId);
      const settled = await target.port.settlePayment(ids(first.paymentId));
      expect(settled).toMatchObject({ paymentId: first.paymentId, amountMinor: 1250, card: { brand: expect.any(String), last4: expect.stringMatching(/^\d{4}$/) } });
      const refund = await target.port.refundPayment({ ...ids(first.paymentId), amountMinor: 200, currency: 'USD', idempotencyKey: `contract-${run}-refund` });
      expect(refund.refundId).toEqual(expect.any(String));
    });

    it("given a declined sandbox card, then the payment is not started and Square's own words come with it", async () => {
      const refused = await create('declined', squareTestCards.declined).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(PaymentNotStarted);
      expect((refused as PaymentNotStarted).told).toEqual(expect.any(String));
    });

    it('given an authorized payment, then it can be cancelled once, and a second cancel is refused', async () => {
      const { paymentId } = await create('cancel');
      await target.port.cancelPayment(ids(paymentId));
      await expect(target.port.cancelPayment(ids(paymentId))).rejects.toBeInstanceOf(PaymentNotCancelled);
    });
  });
}

contract('against the local fake', async () => {
  const app = { applicationId: 'sandbox-sq0idb-contract', applicationSecret: 'sandbox-sq0csb-contract' };
  const fake: FakeSquare = await startFakeSquare({ [app.applicationId]: app.applicationSecret });
  const options = { sandbox: app, apiBase: fake.url };
  const connector = squareConnector(options);
  fake.nextSeller({ merchantId: 'MLCONTRACT', locations: [{ id: 'LCONTRACT', name: 'Contract', status: 'ACTIVE' }] });
  const signIn = await fetch(connector.authorizeUrl('sandbox', { state: 's', redirectUri: 'https://seatside.example/cb' }), { redirect: 'manual' });
  const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;
  const { accessToken } = await connector.obtain('sandbox', code);
  return { port: squarePayments(options, connector, noSellers, silent), accessToken, locationId: 'LCONTRACT', stop: () => fake.close() };
});

const accessToken = process.env.SQUARE_CONTRACT_ACCESS_TOKEN;
const locationId = process.env.SQUARE_CONTRACT_LOCATION_ID;
if (accessToken && locationId) {
  contract("against Square's sandbox", async () => {
    // Only the sandbox host: the SDK's sandbox environment, never production.
    const options = { sandbox: { applicationId: process.env.SQUARE_CONTRACT_APPLICATION_ID ?? 'sandbox-unset', applicationSecret: 'unused' } };
    return { port: squarePayments(options, squareConnector(options), noSellers, silent), accessToken, locationId, stop: async () => undefined };
  });
} else {
  describe("the Square adapter against Square's sandbox", () => {
    it.skip("SKIPPED: SQUARE_CONTRACT_ACCESS_TOKEN (a sandbox seller's access token) and SQUARE_CONTRACT_LOCATION_ID are not set, so these cases ran against the local fake only", () => undefined);
  });
}
