import type { DomainError } from '@seatside/chassis';

/** What a pure rule did with its input: ['none'] when it passed, else the DomainError's kind, message and field errors. */
export function refusal(run: () => unknown): [string, string | undefined, Record<string, string> | undefined] {
  try {
    run();
    return ['none', undefined, undefined];
  } catch (err) {
    const e = err as DomainError;
    return [e.kind, e.message, e.errors];
  }
}
