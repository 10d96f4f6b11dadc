import type { Decider } from './decider';
import { preconditionFailed } from './errors';
import type { GroupCommit } from './eventstore/group-commit';
import type { AppendResult, EventMetadata, EventStore, ExpectedVersion, InlineProjection } from './eventstore/types';

export interface HandleOptions {
  metadata?: EventMetadata;
  inline?: InlineProjection[];
  /** From an `If-Match` header: the version the caller last saw; a stale one is a 409. */
  expectedVersion?: number;
  /**
   * The stream id was just made (a fresh random id): decide from the initial state without reading
   * the stream, and append expecting `no_stream`, so an existing stream is still a Conflict.
   */
  newStream?: boolean;
  /** Appends through this group commit (sharing a transaction with concurrent commands) instead of alone. */
  groupCommit?: GroupCommit;
}

export interface Handled<Event> extends AppendResult {
  newEvents: Event[];
}

/**
 * The one way a command runs: load the stream, fold it, decide, append at the version that was
 * read (so a concurrent writer makes this fail with a Conflict instead of overwriting), with the
 * owning service's projections inside the same transaction.
 */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions = {},
): Promise<Handled<Event>> {
  const stored = options.newStream ? [] : await eventStore.readStream(streamId);
  const state = stored.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
  const currentVersion = stored.length === 0 ? 0 : stored[stored.length - 1]!.streamVersion;
  if (options.expectedVersion !== undefined && options.expectedVersion !== currentVersion) {
    throw preconditionFailed('This record was changed by someone else. Reload it and try again.');
  }
  const newEvents = decider.decide(command, state);
  const expectedVersion: ExpectedVersion = options.expectedVersion ?? (currentVersion === 0 ? 'no_stream' : currentVersion);
  if (newEvents.length === 0) {
    return { newEvents, events: [], nextExpectedVersion: currentVersion, lastGlobalPosition: 0 };
  }
  const events = newEvents.map((e) => ({ type: e.type, data: e.data, metadata: options.metadata }));
  const result = options.groupCommit
    ? await options.groupCommit.append({ streamId, events, expectedVersion, inline: options.inline })
    : await eventStore.appendToStream(streamId, events, { expectedVersion, inline: options.inline });
  return { ...result, newEvents };
}
