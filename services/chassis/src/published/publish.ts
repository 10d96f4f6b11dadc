import { create, toBinary, type Message } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { commonV1 } from '@seatside/proto';
import type { StoredEvent } from '../eventstore/types';
import type { AnyPublication, Publications, PublishedMessage, PublishedRow } from './types';

/** The publication that covers a stream, if any (the longest matching prefix). */
export function publicationFor(publications: Publications | undefined, streamId: string): AnyPublication | undefined {
  let found: AnyPublication | undefined;
  for (const p of publications?.streams ?? []) {
    if (streamId.startsWith(p.streamPrefix) && (!found || p.streamPrefix.length > found.streamPrefix.length)) found = p;
  }
  return found;
}

/** Whether the publication maps events of this type at all (a mapping may still answer nothing for one). */
export function mapsEvent(publication: AnyPublication, type: string): boolean {
  return typeof (publication.map as Record<string, unknown>)[type] === 'function';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The envelope every integration event carries, from its source event (and what the mapping set). */
function withEnvelope(event: StoredEvent, { schema, message }: PublishedMessage): Uint8Array {
  const first = schema.fields[0];
  if (first?.number !== 1 || first.message?.typeName !== commonV1.EventEnvelopeSchema.typeName) {
    throw new Error(`${schema.typeName} is not an integration event: its field 1 must be seatside.common.v1.EventEnvelope`);
  }
  const record = message as Message & { envelope?: commonV1.EventEnvelope };
  const given = record.envelope;
  const metadata = event.metadata ?? {};
  record.envelope = create(commonV1.EventEnvelopeSchema, {
    eventId: event.eventId,
    occurredAt: timestampFromDate(event.recordedAt),
    tenantId: given?.tenantId || text(metadata.tenantId),
    testMode: given?.testMode ?? false,
    tenantCollection: given?.tenantCollection ?? commonV1.TenantCollection.UNSPECIFIED,
    correlationId: text(metadata.correlationId),
    causationId: text(metadata.causationId),
    actorId: text(metadata.actorId),
    streamId: event.streamId,
    streamVersion: BigInt(event.streamVersion),
    traceparent: text(metadata.traceparent),
  });
  return toBinary(schema, record);
}

/**
 * Maps a stream's new events, in order, starting from the stream's state before them: each mapping
 * sees the state right after its event. Pure: the same events and prior state give the same rows,
 * byte for byte, which is what makes a replay from position 0 equal the live published stream.
 */
export function publishEvents(publication: AnyPublication, prior: unknown, events: readonly StoredEvent[]): { rows: PublishedRow[]; state: unknown } {
  let state = prior;
  const rows: PublishedRow[] = [];
  for (const event of events) {
    state = publication.decider.evolve(state, { type: event.type, data: event.data });
    const mapping = (publication.map as Record<string, ((e: StoredEvent, s: unknown) => PublishedMessage | undefined) | undefined>)[event.type];
    const out = mapping?.(event, state);
    if (!out) continue;
    rows.push({
      globalPosition: event.globalPosition,
      eventId: event.eventId,
      streamId: event.streamId,
      type: out.schema.typeName,
      payload: withEnvelope(event, out),
      recordedAt: event.recordedAt,
    });
  }
  return { rows, state };
}

/**
 * The published stream a service's whole log gives (events in position order, already upcast):
 * every stream folded from its first event. Used to map old events once (the backfill) and by the
 * replay specs, which compare it with what the live appends wrote.
 */
export function replayPublished(events: readonly StoredEvent[], publications: Publications): PublishedRow[] {
  const states = new Map<string, unknown>();
  const rows: PublishedRow[] = [];
  for (const event of events) {
    const publication = publicationFor(publications, event.streamId);
    if (!publication) continue;
    const prior = states.has(event.streamId) ? states.get(event.streamId) : publication.decider.initialState();
    const result = publishEvents(publication, prior, [event]);
    states.set(event.streamId, result.state);
    rows.push(...result.rows);
  }
  return rows;
}
