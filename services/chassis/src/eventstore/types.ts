import type { Tx } from '../db';

/** Who and why: carried with every event, never part of the domain data. */
export interface EventMetadata {
  tenantId?: string;
  actorId?: string;
  correlationId?: string;
  causationId?: string;
  traceparent?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  eventId: string;
  streamId: string;
  /** 1 for a stream's first event. */
  streamVersion: number;
  /** Position in the service's global log; increases with every append (gaps allowed). */
  globalPosition: number;
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * `no_stream`: the stream must not exist yet; a number: the stream's current version must equal
 * it (0 means "no events", same as `no_stream`); `any`: no check; `stream_exists`: at least one event.
 */
export type ExpectedVersion = number | 'no_stream' | 'any' | 'stream_exists';

/** Runs inside the append's transaction: a throw rolls the append back. */
export type InlineProjection = (events: StoredEvent[], tx: Tx) => Promise<void>;

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  inline?: InlineProjection[];
  /**
   * The stream's state before the append, folded by this decider (handleCommand passes it): a
   * publishing store maps the new events from it instead of reading the stream again.
   */
  prior?: { decider: unknown; state: unknown };
}

/** One stream's part of `appendToStreams`. */
export interface StreamAppend extends AppendOptions {
  streamId: string;
  events: NewEvent[];
}

export interface AppendResult {
  /** The stream's version after the append (pass it as the next expectedVersion). */
  nextExpectedVersion: number;
  /** Global position of the last appended event: a read model can be awaited up to it. */
  lastGlobalPosition: number;
  events: StoredEvent[];
}

export interface EventStore {
  /** Applies the log's numbered migrations (and maps old events once when it publishes); safe to run on every start. */
  migrate(): Promise<void>;
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<StoredEvent[]>;
  /** Throws DomainError('Conflict') when expectedVersion does not hold; nothing is written then. */
  appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Several streams (each at most once) in one transaction: every expectedVersion holds and every
   * inline projection succeeds, or nothing is written. One commit for many appends (group commit).
   * A projection listed by several appends runs once, with all their events in order, so it can
   * write them in one statement. Answers one result per append, in order.
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]>;
  /**
   * Events with globalPosition > after, in order, at most `limit`. Never returns an event while an
   * earlier-positioned one could still commit (transaction-id snapshot rule), so a reader that
   * checkpoints the last position it saw never skips one.
   */
  readAll(options: { after: number; limit: number }): Promise<StoredEvent[]>;
  /** Global position of the newest committed event (0 when empty): how far a subscriber has to go. */
  headPosition(): Promise<number>;
  /** Resolves when new events may be readable (LISTEN/NOTIFY or in-process); returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}
