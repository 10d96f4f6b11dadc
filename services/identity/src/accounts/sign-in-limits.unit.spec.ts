import fc from 'fast-check';
import { backoffMs } from './sign-in-limits';

const limits = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 };

describe('backoffMs', () => {
  it('given the free failures, then no wait; after them 1 s, 2 s, 4 s… capped at a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9, 10, 50].map((failures) => backoffMs(failures, limits))).toEqual([0, 0, 0, 0, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000]);
  });

  it('given any number of failures, then the wait never passes the cap (no lockout) and never shrinks as failures grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (failures) => {
        const wait = backoffMs(failures, limits);
        expect(wait).toBeLessThanOrEqual(limits.maxDelayMs);
        expect(backoffMs(failures + 1, limits)).toBeGreaterThanOrEqual(wait);
      }),
    );
  });
});
