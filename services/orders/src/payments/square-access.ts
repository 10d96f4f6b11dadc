import { handleCommand, type DataKeyRing, type EventMetadata, type ServiceDeps } from '@seatside/chassis';
import type { Environment } from './accounts';
import type { SquareConnector } from './square-connect';
import { openToken, projectSquareConnections, sealCredentials, squareConnections, squareConnectionsDecider, squareConnectionsStream, type SquareCommand, type SquareConnectionsDoc } from './square-connections';

/** A token this close to its expiry is refreshed before it is used (Square's live 30 days). */
export const REFRESH_BEFORE_MS = 7 * 24 * 3600_000;

/** What a call for the seller needs: the access token (in memory only) and the chosen location. */
export interface SquareSeller {
  accessToken: string;
  locationId?: string;
}

export interface SquareAccess {
  /** Records a command on the merchant's connections (the read model in the same transaction). */
  record(command: SquareCommand, metadata: EventMetadata): Promise<void>;
  /**
   * The merchant's connection of this mode, its access token refreshed first when it expires within
   * a week (the new tokens recorded, sealed); undefined when not connected. Throws SquareFailed when
   * the refresh fails.
   */
  seller(merchantId: string, environment: Environment, metadata?: EventMetadata): Promise<SquareSeller | undefined>;
}

export function squareAccess(deps: Pick<ServiceDeps, 'eventStore' | 'readModels' | 'now'>, square: SquareConnector, keys: () => DataKeyRing): SquareAccess {
  const project = projectSquareConnections(deps.readModels);
  const docs = () => deps.readModels.collection<SquareConnectionsDoc>(squareConnections);
  const record: SquareAccess['record'] = async (command, metadata) => {
    await handleCommand(deps.eventStore, squareConnectionsStream(command.data.merchantId), squareConnectionsDecider, command, { metadata, inline: [project] });
  };
  return {
    record,
    async seller(merchantId, environment, metadata = { tenantId: merchantId }) {
      const connection = (await docs().get(merchantId))?.[environment];
      if (!connection) return undefined;
      const location = connection.locationId ? { locationId: connection.locationId } : {};
      if (Date.parse(connection.expiresAt) - deps.now().getTime() > REFRESH_BEFORE_MS) return { accessToken: openToken(keys(), merchantId, environment, connection, 'access'), ...location };
      const fresh = await square.refresh(environment, openToken(keys(), merchantId, environment, connection, 'refresh'));
      await record({ type: 'SquareTokensRefreshed', data: { merchantId, environment, at: deps.now().toISOString(), ...sealCredentials(keys(), merchantId, environment, fresh) } }, metadata);
      return { accessToken: fresh.accessToken, ...location };
    },
  };
}
