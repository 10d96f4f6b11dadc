import type { Decider } from '../decider';
import { DomainError, type ErrorKind } from '../errors';

/**
 * Given events / when command / then events (or error): the specification form for deciders.
 *
 *   spec(couponDecider).given([created]).when(update).then([updated]);
 *   spec(couponDecider).given([]).when(update).thenThrows('NotFound', 'Coupon not found');
 */
export function spec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(kind: ErrorKind, message?: string | RegExp, errors?: Record<string, string>) {
              let thrown: unknown;
              try {
                run();
              } catch (e) {
                thrown = e;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              const error = thrown as DomainError;
              expect(error.kind).toBe(kind);
              if (typeof message === 'string') expect(error.message).toBe(message);
              else if (message) expect(error.message).toMatch(message);
              if (errors) expect(error.errors).toEqual(errors);
            },
          };
        },
      };
    },
  };
}
