// Runtime view of the contracts: every integration event, a registry to resolve them by name, and the
// public webhook event catalogue derived from the `(seatside.common.v1.webhook_event)` message option.
import { createRegistry, getOption, hasOption } from '@bufbuild/protobuf';
import type { DescFile, DescMessage, Registry } from '@bufbuild/protobuf';
import { EventEnvelopeSchema, file_seatside_common_v1_envelope } from '../gen/seatside/common/v1/envelope_pb';
import { file_seatside_common_v1_options, webhook_event } from '../gen/seatside/common/v1/options_pb';
import { file_seatside_identity_v1_events } from '../gen/seatside/identity/v1/events_pb';
import { file_seatside_catalog_v1_events } from '../gen/seatside/catalog/v1/events_pb';
import { file_seatside_tags_v1_events } from '../gen/seatside/tags/v1/events_pb';
import { file_seatside_orders_v1_events } from '../gen/seatside/orders/v1/events_pb';
import { file_seatside_chat_v1_events } from '../gen/seatside/chat/v1/events_pb';
import { file_seatside_notifications_v1_events } from '../gen/seatside/notifications/v1/events_pb';
import { file_seatside_webhooks_v1_events } from '../gen/seatside/webhooks/v1/events_pb';
import { file_seatside_media_v1_events } from '../gen/seatside/media/v1/events_pb';

/** The generated files that hold integration events, one per domain. */
export const eventFiles: readonly DescFile[] = [
  file_seatside_identity_v1_events,
  file_seatside_catalog_v1_events,
  file_seatside_tags_v1_events,
  file_seatside_orders_v1_events,
  file_seatside_chat_v1_events,
  file_seatside_notifications_v1_events,
  file_seatside_webhooks_v1_events,
  file_seatside_media_v1_events,
];

/** Every contract type, resolvable by fully-qualified name (the Kafka `ce-type` header). */
export const registry: Registry = createRegistry(
  file_seatside_common_v1_envelope,
  file_seatside_common_v1_options,
  ...eventFiles,
);

/** An integration event is a top-level message whose field 1 is the common EventEnvelope. */
export function isIntegrationEvent(schema: DescMessage): boolean {
  const first = schema.fields[0];
  return first !== undefined && first.number === 1 && first.message?.typeName === EventEnvelopeSchema.typeName;
}

/** All integration event schemas, in file order. */
export const integrationEvents: readonly DescMessage[] = eventFiles.flatMap((file) =>
  file.messages.filter(isIntegrationEvent),
);

/** The public webhook event a message is delivered as (`product.created`), or undefined. */
export function webhookEventOf(schema: DescMessage): string | undefined {
  return hasOption(schema, webhook_event) ? getOption(schema, webhook_event) : undefined;
}

export interface WebhookEventType {
  /** Label for the catalogue, e.g. `Product created`. */
  readonly name: string;
  /** The event value subscribed to and sent, e.g. `product.created`. */
  readonly value: string;
  /** The integration event it is derived from, e.g. `seatside.catalog.v1.ProductCreated`. */
  readonly typeName: string;
  readonly schema: DescMessage;
}

function labelOf(value: string): string {
  const text = value.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The webhook event catalogue (`GET /merchants/webhook-events` serves its name/value pairs). */
export const webhookEventCatalogue: readonly WebhookEventType[] = integrationEvents.flatMap((schema) => {
  const value = webhookEventOf(schema);
  return value === undefined ? [] : [{ name: labelOf(value), value, typeName: schema.typeName, schema }];
});
