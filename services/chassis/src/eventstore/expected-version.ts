import { conflict, type DomainError } from '../errors';
import type { ExpectedVersion } from './types';

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

const describeExpected = (expected: ExpectedVersion): string =>
  expected === 'no_stream' ? 'no stream' : expected === 'stream_exists' ? 'an existing stream' : `version ${expected}`;

/** One wording for every adapter, so a 409 reads the same whichever store answered. */
export function versionConflict(streamId: string, expected: ExpectedVersion, current: number): DomainError {
  return conflict(
    `This record was changed by someone else: stream ${streamId} is at version ${current}, expected ${describeExpected(expected)}`,
    { streamId, expectedVersion: expected, currentVersion: current },
  );
}

/** A writer that raced this one committed first; its version is not known here. */
export function concurrentAppendConflict(streamId: string, expected: ExpectedVersion): DomainError {
  return conflict(`This record was changed by someone else: stream ${streamId} was appended to concurrently`, {
    streamId,
    expectedVersion: expected,
  });
}
