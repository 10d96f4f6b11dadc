import { create, type DescMessage, type Message, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { Decider } from '../decider';
import type { StoredEvent } from '../eventstore/types';

/** An integration event from `@seatside/proto`, ready to publish: its schema and the message. */
export interface PublishedMessage {
  schema: DescMessage;
  message: Message;
}

/**
 * What a mapping function answers: `published(ProductCreatedSchema, { product: ... })`. The chassis
 * fills the envelope's event id, time, stream, actor and correlation from the source event; the
 * mapping sets only what it knows (tenant, test mode, tenant collection) in `envelope`.
 */
export function published<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): PublishedMessage {
  return { schema, message: create(schema, init) as Message };
}

/**
 * One pure mapping function per event type: the stored (upcast) event and the stream's state right
 * after it (the decider's fold) → the integration event, or undefined when the event publishes
 * nothing (a sandbox-only detail, an internal bookkeeping event).
 */
export type PublishMapping<Event extends { type: string; data: unknown }, State> = {
  [Type in Event['type']]?: (event: StoredEvent<Type, Extract<Event, { type: Type }>['data']>, state: State) => PublishedMessage | undefined;
};

/** How one kind of stream (its id prefix) is published: the decider that folds it and the mappings. */
export interface Publication<Event extends { type: string; data: unknown } = { type: string; data: unknown }, State = unknown> {
  /** Streams whose id starts with this, e.g. `product-`. */
  streamPrefix: string;
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>;
  map: PublishMapping<Event, State>;
}

/** A publication whose event and state types are erased, to list several in one array. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPublication = Publication<any, any>;

/** Declares a publication with its types checked, and erases them for the service's list. */
export const publication = <Event extends { type: string; data: unknown }, State>(p: Publication<Event, State>): AnyPublication => p;

/**
 * A service's published stream: what it maps, and a version. Raise the version when a mapping starts
 * publishing events it did not before: the next start maps the old events of those types once
 * (published rows are never rewritten; a consumer that wants the new type from the start uses a new
 * checkpoint name).
 */
export interface Publications {
  version: number;
  streams: readonly AnyPublication[];
}

/** A row of a published stream: at the position of the event it comes from. */
export interface PublishedRow {
  globalPosition: number;
  eventId: string;
  streamId: string;
  /** The message's full name, e.g. `seatside.catalog.v1.ProductCreated` (Kafka's `ce-type`). */
  type: string;
  /** The message in binary protobuf (Kafka's record value). */
  payload: Uint8Array;
  recordedAt: Date;
}

/** An ISO time (as events carry it) or a Date as a protobuf Timestamp; undefined when absent or not a time. */
export function protoTimestamp(value: unknown): Timestamp | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? timestampFromDate(date) : undefined;
}
