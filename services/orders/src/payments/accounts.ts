import type { CollectionSpec, Decider, InlineProjection, ReadModelStore } from '@seatside/chassis';

/**
 * The merchant's connected Stripe account per environment (spec 002: a connection record per mode
 * with charges_enabled). Recorded from Stripe's answer when the merchant connects through Connect
 * OAuth (connect.ts), or by a merchant admin with the account id; Stripe's `account.updated` keeps
 * `chargesEnabled` current.
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

type ChargesUpdate = { merchantId: string; environment: Environment; accountId: string; chargesEnabled: boolean; eventId: string; at: string };
export type StripeAccountEvent =
  | { type: 'StripeAccountConnected'; data: StripeConnection & { merchantId: string; environment: Environment } }
  | { type: 'StripeChargesUpdated'; data: ChargesUpdate };
export type StripeAccountCommand =
  | { type: 'ConnectStripeAccount'; data: Extract<StripeAccountEvent, { type: 'StripeAccountConnected' }>['data'] }
  /** Stripe's `account.updated`: only for the account the merchant has now, and only when it changes something. */
  | { type: 'UpdateStripeCharges'; data: ChargesUpdate };
export type StripeAccountsState = Partial<Record<Environment, StripeConnection>>;

export const stripeAccountsStream = (merchantId: string) => `stripe-accounts-${merchantId}`;

const sameConnection = (a: StripeConnection | undefined, b: StripeConnection) => a?.accountId === b.accountId && a.chargesEnabled === b.chargesEnabled;

export const stripeAccountsDecider: Decider<StripeAccountCommand, StripeAccountEvent, StripeAccountsState> = {
  initialState: () => ({}),
  decide(command, state) {
    const current = state[command.data.environment];
    if (command.type === 'UpdateStripeCharges') {
      // A redelivered event, an event of an account the merchant no longer has: nothing changes.
      return current?.accountId === command.data.accountId && current.chargesEnabled !== command.data.chargesEnabled ? [{ type: 'StripeChargesUpdated', data: command.data }] : [];
    }
    // Recording the connection it already has changes nothing (a repeated POST appends nothing).
    return sameConnection(current, command.data) ? [] : [{ type: 'StripeAccountConnected', data: command.data }];
  },
  evolve(state, event) {
    if (event.type === 'StripeChargesUpdated') {
      const current = state[event.data.environment];
      return current ? { ...state, [event.data.environment]: { ...current, chargesEnabled: event.data.chargesEnabled } } : state;
    }
    const { merchantId: _m, environment, ...connection } = event.data;
    return { ...state, [environment]: connection };
  },
};

/** Which merchant an account of a mode belongs to, for Stripe's events that name only the account. */
export const stripeAccountOwners: CollectionSpec = { name: 'stripe_account_owners' };
export type StripeAccountOwnerDoc = { id: string; merchantId: string };
export const stripeAccountOwnerId = (environment: Environment, accountId: string) => `${environment}:${accountId}`;

/** One document per merchant: both environments' connections. */
export const stripeAccounts: CollectionSpec = { name: 'stripe_accounts' };
export type StripeAccountsDoc = { id: string } & StripeAccountsState;

export const projectStripeAccounts =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<StripeAccountsDoc>(stripeAccounts, tx);
    const owners = readModels.collection<StripeAccountOwnerDoc>(stripeAccountOwners, tx);
    for (const { type, data } of events) {
      if (type !== 'StripeAccountConnected' && type !== 'StripeChargesUpdated') continue;
      const event = { type, data } as StripeAccountEvent;
      const doc = (await docs.get(event.data.merchantId)) ?? { id: event.data.merchantId };
      await docs.put({ ...stripeAccountsDecider.evolve(doc, event), id: event.data.merchantId });
      if (event.type === 'StripeAccountConnected') {
        await owners.put({ id: stripeAccountOwnerId(event.data.environment, event.data.accountId), merchantId: event.data.merchantId });
      }
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
