import { fromBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import type { Tx } from '../db';
import type { StoredEvent } from '../eventstore/types';
import type { SubscriptionOptions } from '../subscriptions/subscription';
import type { PublishedEvent } from './pg';

/** One integration event as a consumer gets it: decoded, with the row it came in. */
export interface Delivered<Schemas extends DescMessage> {
  message: MessageShape<Schemas>;
  /** Position (the checkpoint), stream and time; `data` holds the undecoded bytes. */
  event: PublishedEvent;
}

export interface SubscribePublishedOptions<Schemas extends DescMessage> extends Pick<SubscriptionOptions, 'name' | 'batchSize' | 'idleMs' | 'gatherMs'> {
  /** The producing service, e.g. `catalog`. */
  source: string;
  /** The generated schemas (`catalogV1.ProductCreatedSchema`, ...) it reads; other messages pass by. */
  messages: readonly Schemas[];
  /** Switch on `message.$typeName`. Writes through `tx` commit with the checkpoint. */
  handle?: (message: MessageShape<Schemas>, tx: Tx, event: PublishedEvent) => Promise<void>;
  /** Instead of `handle`: every event of one read at once. */
  handleBatch?: (delivered: Delivered<Schemas>[], tx: Tx) => Promise<void>;
  committed?: (delivered: Delivered<Schemas>[]) => void;
}

/**
 * Each row decoded once, whoever reads it: `committed` is told the messages its handler was given,
 * and the consumers of one stream in this process share its rows (eventstore/shared-reads.ts), so
 * a message is decoded once for all of them. Messages are read, never changed.
 */
const decoded = new WeakMap<StoredEvent, { schema: DescMessage; delivered: Delivered<DescMessage> }>();

/** The subscription options that decode a published stream's rows with the consumer's schemas. */
export function subscriptionOverPublished<Schemas extends DescMessage>(options: SubscribePublishedOptions<Schemas>): Omit<SubscriptionOptions, 'store' | 'checkpoints'> {
  const schemas = new Map<string, DescMessage>(options.messages.map((schema) => [schema.typeName, schema]));
  const decode = (event: StoredEvent): Delivered<Schemas> => {
    const schema = schemas.get(event.type);
    if (!schema) throw new Error(`${options.name}: no schema for ${event.type}`);
    const known = decoded.get(event);
    if (known?.schema === schema) return known.delivered as Delivered<Schemas>;
    const delivered = { message: fromBinary(schema, event.data as Uint8Array) as MessageShape<Schemas>, event: event as PublishedEvent };
    decoded.set(event, { schema, delivered });
    return delivered;
  };
  const { handle, handleBatch, committed } = options;
  return {
    name: options.name,
    batchSize: options.batchSize,
    idleMs: options.idleMs,
    gatherMs: options.gatherMs,
    types: [...schemas.keys()],
    handle: handle ? async (event, tx) => handle(decode(event).message, tx, event as PublishedEvent) : undefined,
    handleBatch: handleBatch ? async (events, tx) => handleBatch(events.map(decode), tx) : undefined,
    committed: committed ? (events) => committed(events.filter((e) => schemas.has(e.type)).map(decode)) : undefined,
  };
}
