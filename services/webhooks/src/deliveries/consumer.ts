import type { DescMessage } from '@bufbuild/protobuf';
import type { Delivered, Tx } from '@seatside/chassis';
import { commonV1 } from '@seatside/proto';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { catalogueByType, payloadOf } from '../catalogue';
import type { WebhookDoc } from '../webhooks/projections';
import type { DeliveryStore, NewDelivery } from './store';

type EnvelopeCarrier = { envelope?: commonV1.EventEnvelope; $typeName: string };

/**
 * One read of a published stream → one message per subscribed webhook: the merchant's active
 * webhooks of the event's mode that list its webhook event. Inserted in the subscription's
 * transaction with one statement per read, keyed by (webhook, source event), so a read again after a
 * crash queues nothing twice. Answers how many it queued.
 */
export function fanOut(options: {
  source: string;
  store: DeliveryStore;
  /** The merchant's active webhooks of the mode (cached until a webhook changes). */
  subscribers: (merchantId: string, testMode: boolean) => Promise<WebhookDoc[]>;
  newId: () => string;
  now: () => Date;
}) {
  return async (delivered: Delivered<DescMessage>[], tx: Tx): Promise<number> => {
    if (tx.kind !== 'pg') return 0;
    const subscribers = new Map<string, WebhookDoc[]>();
    const rows: NewDelivery[] = [];
    for (const { message, event } of delivered) {
      const entry = catalogueByType.get(message.$typeName);
      const envelope = (message as unknown as EnvelopeCarrier).envelope;
      if (!entry || !envelope?.tenantId || envelope.tenantCollection !== commonV1.TenantCollection.MERCHANTS) continue;
      const merchantId = envelope.tenantId;
      const testMode = envelope.testMode;
      const key = `${merchantId}:${testMode}`;
      if (!subscribers.has(key)) subscribers.set(key, await options.subscribers(merchantId, testMode));
      const matching = subscribers.get(key)!.filter((w) => w.events.includes(entry.value));
      if (matching.length === 0) continue;
      const createdAt = envelope.occurredAt ? timestampDate(envelope.occurredAt) : options.now();
      const data = payloadOf(entry.schema, message);
      for (const webhook of matching) {
        const id = `msg_${options.newId().replace(/-/g, '')}`;
        rows.push({
          id, webhookId: webhook.id, merchantId, testMode, event: entry.value, sourceEvent: `${options.source}:${event.globalPosition}`,
          requestUrl: webhook.url, createdAt: options.now(),
          requestBody: JSON.stringify({ id, type: entry.value, createdAt: createdAt.toISOString(), testMode, data }),
        });
      }
    }
    return options.store.insert(tx.client, rows);
  };
}
