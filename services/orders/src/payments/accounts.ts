import type { CollectionSpec, Decider, InlineProjection, ReadModelStore } from '@seatside/chassis';

/**
 * The merchant's connected Stripe account per environment (spec 002: a connection record per mode
 * with charges_enabled). Recorded here by a merchant admin with the account id; the Connect OAuth
 * onboarding that will record it from Stripe's answer is the settings issue.
 */
export type Environment = 'production' | 'sandbox';
export const environments: readonly Environment[] = ['production', 'sandbox'];
export const environmentOf = (testMode: boolean): Environment => (testMode ? 'sandbox' : 'production');

export interface StripeConnection {
  accountId: string;
  chargesEnabled: boolean;
  connectedBy: string;
  connectedAt: string;
}

export type StripeAccountEvent = { type: 'StripeAccountConnected'; data: StripeConnection & { merchantId: string; environment: Environment } };
export type StripeAccountCommand = { type: 'ConnectStripeAccount'; data: StripeAccountEvent['data'] };
export type StripeAccountsState = Partial<Record<Environment, StripeConnection>>;

export const stripeAccountsStream = (merchantId: string) => `stripe-accounts-${merchantId}`;

const sameConnection = (a: StripeConnection | undefined, b: StripeConnection) => a?.accountId === b.accountId && a.chargesEnabled === b.chargesEnabled;

export const stripeAccountsDecider: Decider<StripeAccountCommand, StripeAccountEvent, StripeAccountsState> = {
  initialState: () => ({}),
  // Recording the connection it already has changes nothing (a repeated POST appends nothing).
  decide: (command, state) => (sameConnection(state[command.data.environment], command.data) ? [] : [{ type: 'StripeAccountConnected', data: command.data }]),
  evolve: (state, { data: { merchantId: _m, environment, ...connection } }) => ({ ...state, [environment]: connection }),
};

/** One document per merchant: both environments' connections. */
export const stripeAccounts: CollectionSpec = { name: 'stripe_accounts' };
export type StripeAccountsDoc = { id: string } & StripeAccountsState;

export const projectStripeAccounts =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<StripeAccountsDoc>(stripeAccounts, tx);
    for (const { type, data } of events) {
      if (type !== 'StripeAccountConnected') continue;
      const event = { type, data } as StripeAccountEvent;
      const doc = (await docs.get(event.data.merchantId)) ?? { id: event.data.merchantId };
      await docs.put({ ...stripeAccountsDecider.evolve(doc, event), id: event.data.merchantId });
    }
  };

const connectionOf = async (readModels: ReadModelStore, merchantId: string, testMode: boolean): Promise<StripeConnection | undefined> =>
  (await readModels.collection<StripeAccountsDoc>(stripeAccounts).get(merchantId))?.[environmentOf(testMode)];

/** The account a card order of this mode is charged on, when it can take charges. */
export async function chargeableAccount(readModels: ReadModelStore, merchantId: string, testMode: boolean): Promise<string | undefined> {
  const connection = await connectionOf(readModels, merchantId, testMode);
  return connection?.chargesEnabled ? connection.accountId : undefined;
}

/** The merchant's connected account for this mode, whether or not it may charge now (a refund goes back through it). */
export async function connectedAccount(readModels: ReadModelStore, merchantId: string, testMode: boolean): Promise<string | undefined> {
  return (await connectionOf(readModels, merchantId, testMode))?.accountId;
}
