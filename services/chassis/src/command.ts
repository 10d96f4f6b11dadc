import type { Decider } from './decider';
import { preconditionFailed } from './errors';
import { isVersionConflict, versionMessages } from './eventstore/expected-version';
import type { GroupCommit } from './eventstore/group-commit';
import type { AppendResult, EventMetadata, EventStore, ExpectedVersion, InlineProjection } from './eventstore/types';

export interface HandleOptions {
  metadata?: EventMetadata;
  inline?: InlineProjection[];
  /** From an `If-Match` header: the version the caller last saw; a stale one is a 412, never retried. */
  expectedVersion?: number;
  /**
   * The stream id was just made (a fresh random id): decide from the initial state without reading
   * the stream, and append expecting `no_stream`, so an existing stream is still a Conflict.
   */
  newStream?: boolean;
  /** Appends through this group commit (sharing a transaction with concurrent commands) instead of alone. */
  groupCommit?: GroupCommit;
  /**
   * How many times a command is read and decided again after another writer appended to its stream
   * between its read and its append (default CONFLICT_RETRIES; 0 answers the first lost race as a
   * 409). Only for commands decided from the stream alone: a command with `expectedVersion` or
   * `newStream` is never retried, its conflict is the caller's to see.
   */
  retries?: number;
}

export interface Handled<Event> extends AppendResult {
  newEvents: Event[];
}

/**
 * Internal races are not the caller's problem: a media branding sync racing a user's settings save,
 * two refunds of one order that both fit. Each attempt re-reads the stream, so the decision is made
 * again on what the other writer left (a refund that no longer fits is then refused by the decider).
 */
export const CONFLICT_RETRIES = 8;

/** A few milliseconds, growing and jittered, so racing writers do not meet again at once. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));

/**
 * The one way a command runs: load the stream, fold it, decide, append at the version that was
 * read (so a concurrent writer makes this fail with a Conflict instead of overwriting), with the
 * owning service's projections inside the same transaction. A command whose decision does not rest
 * on a version the client sent is decided again when it loses that race (bounded by `retries`); a
 * client's stale If-Match is a 412. Neither answer names a stream or a version.
 */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions = {},
): Promise<Handled<Event>> {
  const clientVersion = options.expectedVersion !== undefined;
  const retries = clientVersion || options.newStream ? 0 : Math.max(0, options.retries ?? CONFLICT_RETRIES);
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptCommand(eventStore, streamId, decider, command, options);
    } catch (err) {
      if (!isVersionConflict(err)) throw err;
      // The client's version held when read but another writer appended before this one: as stale.
      if (clientVersion) throw preconditionFailed(versionMessages.changed);
      if (attempt >= retries) throw err;
      await backoff(attempt);
    }
  }
}

async function attemptCommand<Command, Event extends { type: string; data: unknown }, State>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions,
): Promise<Handled<Event>> {
  const stored = options.newStream ? [] : await eventStore.readStream(streamId);
  const state = stored.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
  const currentVersion = stored.length === 0 ? 0 : stored[stored.length - 1]!.streamVersion;
  if (options.expectedVersion !== undefined && options.expectedVersion !== currentVersion) {
    throw preconditionFailed(versionMessages.changed);
  }
  const newEvents = decider.decide(command, state);
  const expectedVersion: ExpectedVersion = options.expectedVersion ?? (currentVersion === 0 ? 'no_stream' : currentVersion);
  if (newEvents.length === 0) {
    return { newEvents, events: [], nextExpectedVersion: currentVersion, lastGlobalPosition: 0 };
  }
  const events = newEvents.map((e) => ({ type: e.type, data: e.data, metadata: options.metadata }));
  // The state the command was decided on: a publishing store maps the new events from it.
  const prior = { decider, state };
  const result = options.groupCommit
    ? await options.groupCommit.append({ streamId, events, expectedVersion, inline: options.inline, prior })
    : await eventStore.appendToStream(streamId, events, { expectedVersion, inline: options.inline, prior });
  return { ...result, newEvents };
}
