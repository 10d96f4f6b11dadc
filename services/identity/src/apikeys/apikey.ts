import { conflict, notFound, type Decider } from '@seatside/chassis';
import type { TenantCollection } from '../tenants/membership';

/** The API keys screens' texts (docs/identity-api.md "API keys"). */
export const apiKeyMessages = {
  notFound: 'API key not found',
  created: 'API key created',
  updated: 'API key updated',
  deleted: 'API key deleted',
  modeFixed: 'The mode of an API key cannot be changed',
  exists: 'This API key already exists',
} as const;

type KeyRef = { apiKeyId: string; collection: TenantCollection; tenantId: string };

export type ApiKeyCreated = KeyRef & {
  title: string;
  testMode: boolean;
  /** Mode prefix and a few characters, for display: `sk_test_4f9a`. */
  keyPrefix: string;
  /** Lower-case hex SHA-256 of the whole key; the key itself is never stored. */
  secretSha256: string;
  createdBy: string;
  at: string;
};

/** As seatside.identity.v1.ApiKeyCreated / Updated / Revoked (camelCase JSON). */
export type ApiKeyEvent =
  | { type: 'ApiKeyCreated'; data: ApiKeyCreated }
  | { type: 'ApiKeyUpdated'; data: KeyRef & { title: string; at: string } }
  | { type: 'ApiKeyRevoked'; data: KeyRef & { revokedBy: string; at: string } };

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; data: ApiKeyCreated }
  | { type: 'RenameApiKey'; data: { apiKeyId: string; title: string; at: string } }
  | { type: 'RevokeApiKey'; data: { apiKeyId: string; by: string; at: string } };

export type ApiKeyState = { status: 'none' } | ({ status: 'live'; title: string; testMode: boolean } & KeyRef) | { status: 'revoked' };

/** One stream per key. Only the title changes; the tenant and mode are fixed at creation. */
export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (command.type === 'CreateApiKey') {
      if (state.status !== 'none') throw conflict(apiKeyMessages.exists);
      return [{ type: 'ApiKeyCreated', data: command.data }];
    }
    if (state.status !== 'live') throw notFound(apiKeyMessages.notFound);
    const { apiKeyId, collection, tenantId } = state;
    switch (command.type) {
      case 'RenameApiKey':
        if (command.data.title === state.title) return [];
        return [{ type: 'ApiKeyUpdated', data: { apiKeyId, collection, tenantId, title: command.data.title, at: command.data.at } }];
      case 'RevokeApiKey':
        return [{ type: 'ApiKeyRevoked', data: { apiKeyId, collection, tenantId, revokedBy: command.data.by, at: command.data.at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated': {
        const { apiKeyId, collection, tenantId, title, testMode } = event.data;
        return { status: 'live', apiKeyId, collection, tenantId, title, testMode };
      }
      case 'ApiKeyUpdated':
        return state.status === 'live' ? { ...state, title: event.data.title } : state;
      case 'ApiKeyRevoked':
        return { status: 'revoked' };
    }
  },
};

export const apiKeyStream = (apiKeyId: string) => `apikey-${apiKeyId}`;
