import type { CollectionSpec, DataKeyRing, Decider, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { Environment } from './accounts';
import type { SquareCredentials } from './square-connect';

/**
 * The merchant's Square connection per environment (seed 001 §3, §4: not connected to connected):
 * the seller's tokens, sealed with the data key (AES-256-GCM, bound to merchant, mode and kind), so
 * neither the log nor the read model holds them in clear; the chosen location
 * (`squareLocationId:{environment}`).
 */
export interface SquareConnection {
  squareMerchantId: string;
  /** Sealed. */
  accessToken: string;
  /** Sealed. */
  refreshToken: string;
  expiresAt: string;
  connectedAt: string;
  locationId?: string;
}

type Ref = { merchantId: string; environment: Environment; at: string };
export type SquareEvent =
  | { type: 'SquareConnected'; data: Ref & Omit<SquareConnection, 'connectedAt' | 'locationId'> & { by: string } }
  | { type: 'SquareTokensRefreshed'; data: Ref & Pick<SquareConnection, 'accessToken' | 'refreshToken' | 'expiresAt'> }
  | { type: 'SquareDeauthorized'; data: Ref & { by: string } }
  | { type: 'SquareLocationChosen'; data: Ref & { locationId: string; by: string } };
export type SquareCommand = SquareEvent;
export type SquareConnectionsState = Partial<Record<Environment, SquareConnection>>;

export const squareConnectionsStream = (merchantId: string) => `square-connections-${merchantId}`;

export const squareConnectionsDecider: Decider<SquareCommand, SquareEvent, SquareConnectionsState> = {
  initialState: () => ({}),
  decide(command, state) {
    const current = state[command.data.environment];
    // Refreshing, deauthorizing or choosing a location needs a connection; a repeat changes nothing.
    if (command.type === 'SquareConnected') return [command];
    if (!current) return [];
    if (command.type === 'SquareLocationChosen' && current.locationId === command.data.locationId) return [];
    return [command];
  },
  evolve(state, event) {
    const { environment } = event.data;
    const current = state[environment];
    switch (event.type) {
      case 'SquareConnected': {
        const { merchantId: _m, environment: _e, at, by: _b, ...connection } = event.data;
        return { ...state, [environment]: { ...connection, connectedAt: at } };
      }
      case 'SquareTokensRefreshed':
        return current ? { ...state, [environment]: { ...current, accessToken: event.data.accessToken, refreshToken: event.data.refreshToken, expiresAt: event.data.expiresAt } } : state;
      case 'SquareDeauthorized': {
        const { [environment]: _gone, ...rest } = state;
        return rest;
      }
      case 'SquareLocationChosen':
        return current ? { ...state, [environment]: { ...current, locationId: event.data.locationId } } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

export const squareConnections: CollectionSpec = { name: 'square_connections' };
export type SquareConnectionsDoc = { id: string } & SquareConnectionsState;

export const projectSquareConnections =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<SquareConnectionsDoc>(squareConnections, tx);
    for (const { type, data } of events) {
      if (!['SquareConnected', 'SquareTokensRefreshed', 'SquareDeauthorized', 'SquareLocationChosen'].includes(type)) continue;
      const event = { type, data } as SquareEvent;
      const doc = (await docs.get(event.data.merchantId)) ?? { id: event.data.merchantId };
      const { id: _id, ...state } = doc;
      await docs.put({ ...squareConnectionsDecider.evolve(state, event), id: event.data.merchantId });
    }
  };

/** The seal's context: a token opens only for its merchant, mode and kind. */
const contextOf = (merchantId: string, environment: Environment, kind: 'access' | 'refresh') => `square:${merchantId}:${environment}:${kind}`;

export const sealCredentials = (keys: DataKeyRing, merchantId: string, environment: Environment, credentials: SquareCredentials) => ({
  accessToken: keys.seal(credentials.accessToken, contextOf(merchantId, environment, 'access')),
  refreshToken: keys.seal(credentials.refreshToken, contextOf(merchantId, environment, 'refresh')),
  expiresAt: credentials.expiresAt,
});

export const openToken = (keys: DataKeyRing, merchantId: string, environment: Environment, connection: SquareConnection, kind: 'access' | 'refresh') =>
  keys.open(kind === 'access' ? connection.accessToken : connection.refreshToken, contextOf(merchantId, environment, kind));

/** What the screen and the API show of a connection: never a token. */
export const publicSquareOf = (doc: SquareConnectionsDoc | null) => {
  const one = (environment: Environment) => {
    const connection = doc?.[environment];
    return connection ? { connected: true, squareMerchantId: connection.squareMerchantId, connectedAt: connection.connectedAt, locationId: connection.locationId ?? null } : { connected: false, locationId: null };
  };
  const production = one('production');
  const sandbox = one('sandbox');
  return { production, sandbox, 'squareLocationId:production': production.locationId, 'squareLocationId:sandbox': sandbox.locationId };
};
