import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { TenantCollection } from '../tenants/membership';
import { tenantKey } from '../tenants/projections';
import type { ApiKeyEvent } from './apikey';

/** For listing: never the hash. `tenant` is `${collection}:${tenantId}`. */
export const apiKeys: CollectionSpec = { name: 'api_keys', sortable: ['createdAt'], filterable: ['tenant', 'testMode'] };

export type ApiKeyDoc = {
  id: string;
  collection: TenantCollection;
  tenantId: string;
  tenant: string;
  title: string;
  testMode: boolean;
  keyPrefix: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

/** The verifier's lookup, keyed by the SHA-256 of the key; removed in the revoking transaction. */
export const apiKeySecrets: CollectionSpec = { name: 'api_key_secrets', filterable: ['apiKeyId'] };

export type ApiKeySecretDoc = { id: string; apiKeyId: string; collection: TenantCollection; tenantId: string; testMode: boolean };

/** What the HTTP API shows of a key. */
export const apiKeyView = (doc: ApiKeyDoc) => ({ id: doc.id, title: doc.title, testMode: doc.testMode, keyPrefix: doc.keyPrefix, createdAt: doc.createdAt });

export const projectApiKeys =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const keys = readModels.collection<ApiKeyDoc>(apiKeys, tx);
    const secrets = readModels.collection<ApiKeySecretDoc>(apiKeySecrets, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ApiKeyEvent;
      const { apiKeyId, at } = event.data;
      switch (event.type) {
        case 'ApiKeyCreated': {
          const { collection, tenantId, title, testMode, keyPrefix, secretSha256, createdBy } = event.data;
          await keys.put({ id: apiKeyId, collection, tenantId, tenant: tenantKey(collection, tenantId), title, testMode, keyPrefix, createdBy, createdAt: at, updatedAt: at });
          await secrets.put({ id: secretSha256, apiKeyId, collection, tenantId, testMode });
          break;
        }
        case 'ApiKeyUpdated':
          await keys.patch(apiKeyId, { title: event.data.title, updatedAt: at });
          break;
        case 'ApiKeyRevoked': {
          await keys.delete(apiKeyId);
          const { data } = await secrets.find({ filter: { apiKeyId } });
          for (const secret of data) await secrets.delete(secret.id);
          break;
        }
      }
    }
  };
