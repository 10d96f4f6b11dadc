import { spec } from '@seatside/chassis/src/testkit/decider';
import { stripeAccountsDecider, type StripeAccountEvent } from './accounts';

type Connected = Extract<StripeAccountEvent, { type: 'StripeAccountConnected' }>;
const connected = (environment: 'production' | 'sandbox', accountId: string, chargesEnabled = true): Connected => ({
  type: 'StripeAccountConnected',
  data: { merchantId: 'm1', environment, accountId, chargesEnabled, connectedBy: 'ann', connectedAt: '2026-11-22T12:00:00.000Z' },
});

describe('connected Stripe accounts', () => {
  it('given nothing, when an account is connected, then StripeAccountConnected', () => {
    const event = connected('production', 'acct_1');
    spec(stripeAccountsDecider).given([]).when({ type: 'ConnectStripeAccount', data: event.data }).then([event]);
  });

  it('given the same connection, then nothing new; given another account or charges state, then a new event', () => {
    const event = connected('production', 'acct_1');
    spec(stripeAccountsDecider).given([event]).when({ type: 'ConnectStripeAccount', data: event.data }).then([]);
    const other = connected('production', 'acct_2');
    spec(stripeAccountsDecider).given([event]).when({ type: 'ConnectStripeAccount', data: other.data }).then([other]);
    const disabled = connected('production', 'acct_1', false);
    spec(stripeAccountsDecider).given([event]).when({ type: 'ConnectStripeAccount', data: disabled.data }).then([disabled]);
  });

  it('given both environments, then each keeps its own account', () => {
    const state = [connected('production', 'acct_live'), connected('sandbox', 'acct_test')].reduce(stripeAccountsDecider.evolve, stripeAccountsDecider.initialState());
    expect([state.production?.accountId, state.sandbox?.accountId]).toEqual(['acct_live', 'acct_test']);
  });

  it("given a connected account without charges, when Stripe's account.updated enables them, then StripeChargesUpdated once; another account's or a redelivered event changes nothing", () => {
    const event = connected('sandbox', 'acct_1', false);
    const update = { merchantId: 'm1', environment: 'sandbox' as const, accountId: 'acct_1', chargesEnabled: true, eventId: 'evt_1', at: '2026-11-22T12:01:00.000Z' };
    const updated: StripeAccountEvent = { type: 'StripeChargesUpdated', data: update };
    spec(stripeAccountsDecider).given([event]).when({ type: 'UpdateStripeCharges', data: update }).then([updated]);
    spec(stripeAccountsDecider).given([event, updated]).when({ type: 'UpdateStripeCharges', data: update }).then([]);
    spec(stripeAccountsDecider).given([event]).when({ type: 'UpdateStripeCharges', data: { ...update, accountId: 'acct_2' } }).then([]);
    spec(stripeAccountsDecider).given([event]).when({ type: 'UpdateStripeCharges', data: { ...update, environment: 'production' } }).then([]);
    const state = [event, updated].reduce(stripeAccountsDecider.evolve, stripeAccountsDecider.initialState());
    expect(state.sandbox).toMatchObject({ accountId: 'acct_1', chargesEnabled: true });
  });
});
