import { toJson, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import { webhookEventCatalogue, type WebhookEventType } from '@seatside/proto';

/**
 * The webhook event catalogue, derived from the integration events in `proto/` that carry the
 * `(seatside.common.v1.webhook_event)` option (`webhookEventCatalogue` of `@seatside/proto`): no hand list.
 */

/** The producing service of an integration event: `seatside.catalog.v1.ProductCreated` → `catalog`. */
export const sourceOf = (typeName: string) => typeName.split('.')[1]!;

/** A field's JSON type, one level deep for messages (`{ productId: 'string', … }`). */
function describeField(field: DescField, depth: number): unknown {
  const scalar = () => {
    if (field.fieldKind === 'message' && field.message) {
      if (field.message.typeName === 'google.protobuf.Timestamp') return 'string (RFC 3339 time)';
      return depth > 2 ? 'object' : describeMessage(field.message, depth + 1);
    }
    // The values as a delivery writes them (proto3 JSON: the value's name), so a receiver can map each.
    const values = field.fieldKind === 'enum' || (field.fieldKind === 'list' && field.listKind === 'enum') ? field.enum?.values.map((v) => v.name) : undefined;
    if (values) return `string (enum: ${values.join(', ')})`;
    const kind = field.fieldKind === 'list' ? (field.listKind === 'message' ? 'message' : field.scalar) : field.fieldKind === 'scalar' ? field.scalar : undefined;
    if (kind === undefined) return 'object';
    // ScalarType: 9 string, 8 bool, 12 bytes, 1/2 double/float; 64-bit integers are strings in JSON.
    if (kind === 9) return 'string';
    if (kind === 8) return 'boolean';
    if (kind === 12) return 'string (base64)';
    if ([3, 4, 6, 16, 18].includes(kind as number)) return 'string (int64)';
    return 'number';
  };
  if (field.fieldKind === 'list') {
    if (field.listKind === 'message' && field.message) return [depth > 2 ? 'object' : describeMessage(field.message, depth + 1)];
    return [scalar()];
  }
  if (field.fieldKind === 'map') return 'object';
  return scalar();
}

function describeMessage(schema: DescMessage, depth = 1): Record<string, unknown> {
  return Object.fromEntries(schema.fields.filter((f) => f.number !== 1 || depth > 1 || f.message?.typeName !== 'seatside.common.v1.EventEnvelope').map((f) => [f.jsonName, describeField(f, depth)]));
}

export interface CatalogueItem {
  /** Label, e.g. `Product created`. */
  name: string;
  /** The subscribed and delivered value, e.g. `product.created`. */
  value: string;
  /** The integration event it comes from. */
  typeName: string;
  /** The shape of a delivery's `data` (JSON field names and types). */
  payload: Record<string, unknown>;
}

export const catalogueItems: CatalogueItem[] = webhookEventCatalogue.map((e) => ({ name: e.name, value: e.value, typeName: e.typeName, payload: describeMessage(e.schema) }));

export const eventValues = new Set(webhookEventCatalogue.map((e) => e.value));

export const catalogueByType = new Map<string, WebhookEventType>(webhookEventCatalogue.map((e) => [e.typeName, e]));

/** The sources to consume and, per source, the schemas delivered as webhooks. */
export const catalogueSources: Map<string, DescMessage[]> = webhookEventCatalogue.reduce((bySource, e) => {
  const source = sourceOf(e.typeName);
  bySource.set(source, [...(bySource.get(source) ?? []), e.schema]);
  return bySource;
}, new Map<string, DescMessage[]>());

/** A delivery's `data`: the event message as proto3 JSON, without its envelope. */
export function payloadOf(schema: DescMessage, message: Message): Record<string, unknown> {
  const json = toJson(schema, message, { alwaysEmitImplicit: true }) as Record<string, unknown>;
  delete json.envelope;
  return json;
}
