import { DomainError } from '../errors';
import type { ExpectedVersion, InlineProjection, StoredEvent, StreamAppend } from './types';

/** Whether a stream at `current` (0 = no events) satisfies the caller's expectation. */
export function satisfies(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'stream_exists') return current >= 1;
  if (expected === 'no_stream') return current === 0;
  return current === expected;
}

/** Rejects what could never hold (a negative or fractional version) before touching storage. */
export function assertValidExpectedVersion(expected: ExpectedVersion): void {
  if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0)) {
    throw new RangeError(`expectedVersion must be a non-negative integer, got ${expected}`);
  }
}

/** Validates an appendToStreams call before touching storage: versions, and each stream once. */
export function assertDistinctStreams(appends: StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { streamId, expectedVersion } of appends) {
    assertValidExpectedVersion(expectedVersion);
    if (seen.has(streamId)) throw new RangeError(`appendToStreams got stream ${streamId} twice`);
    seen.add(streamId);
  }
}

/**
 * appendToStreams' projections: each distinct one once, in the order first listed, with the stored
 * events of every append that lists it (appends without events add none).
 */
export function sharedProjections(appends: StreamAppend[], stored: StoredEvent[][]): Map<InlineProjection, StoredEvent[]> {
  const shared = new Map<InlineProjection, StoredEvent[]>();
  appends.forEach((append, i) => {
    if (stored[i]!.length === 0) return;
    for (const projection of append.inline ?? []) shared.set(projection, [...(shared.get(projection) ?? []), ...stored[i]!]);
  });
  return shared;
}

/** What a caller is told when its write lost to another one (no stream ids or versions: those are internal). */
export const versionMessages = {
  changed: 'This record was changed by someone else. Reload it and try again.',
} as const;

/**
 * A lost optimistic-concurrency race: the stream was not at the version the writer expected. A 409
 * whose answer is only the message; the stream and versions stay on the error, for logs and for
 * handleCommand's retry, never in a response body (DomainError.extra would put them there).
 */
export class VersionConflict extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly currentVersion?: number,
  ) {
    super('Conflict', versionMessages.changed, undefined, undefined, 'version_conflict');
  }
}

export const isVersionConflict = (err: unknown): err is VersionConflict => err instanceof VersionConflict;

/** One error for every adapter, so a 409 reads the same whichever store answered. */
export function versionConflict(streamId: string, expected: ExpectedVersion, current: number): DomainError {
  return new VersionConflict(streamId, expected, current);
}

/** A writer that raced this one committed first; its version is not known here. */
export function concurrentAppendConflict(streamId: string, expected: ExpectedVersion): DomainError {
  return new VersionConflict(streamId, expected);
}
