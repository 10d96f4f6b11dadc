import type { CollectionSpec, InlineProjection, ReadModelStore, StoredEvent } from '@seatside/chassis';
import type { WebhookEvent, WebhookSnapshot } from './webhook';

/** A merchant's webhooks, one mode at a time, newest first. */
export const webhooks: CollectionSpec = {
  name: 'webhooks',
  sortable: ['createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['merchantId', 'testMode'],
};

/** The read model: the snapshot (its secrets still sealed) and the stream version (ETag). */
export type WebhookDoc = Omit<WebhookSnapshot, 'webhookId'> & { id: string; version: number };

/** The API's webhook (seed 002 §3), without secrets; `GET …/{webhookId}` adds the `bearerToken`. */
export type WebhookView = {
  id: string;
  merchantId: string;
  title: string;
  url: string;
  active: boolean;
  events: string[];
  testMode: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export const webhookViewOf = (doc: WebhookDoc): WebhookView => ({
  id: doc.id, merchantId: doc.merchantId, title: doc.title, url: doc.url, active: doc.active, events: doc.events, testMode: doc.testMode,
  disabledReason: doc.disabledReason, createdAt: doc.createdAt, updatedAt: doc.updatedAt, version: doc.version,
});

export const projectWebhooks =
  (readModels: ReadModelStore): InlineProjection =>
  async (events: StoredEvent[], tx) => {
    const docs = readModels.collection<WebhookDoc>(webhooks, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as WebhookEvent;
      if (event.type === 'WebhookDeleted') await docs.delete(event.data.webhookId);
      else {
        const { webhookId, ...rest } = event.data;
        await docs.put({ id: webhookId, ...rest, version: stored.streamVersion });
      }
    }
  };
