import { spec } from '@seatside/chassis/src/testkit/decider';
import { stripeAccountsDecider, type StripeAccountEvent } from './accounts';

const connected = (environment: 'production' | 'sandbox', accountId: string, chargesEnabled = true): StripeAccountEvent => ({
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
});
