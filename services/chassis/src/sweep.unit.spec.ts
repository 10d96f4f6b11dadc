import type { Logger } from './logger';
import { sweepEvery } from './sweep';

/** A round the spec ends by hand, and the logger's warnings. */
function harness() {
  const warned: string[] = [];
  const logger = { warn: (_: unknown, message: string) => warned.push(message) } as unknown as Logger;
  const ends: (() => void)[] = [];
  const fails: ((err: Error) => void)[] = [];
  const rounds: boolean[] = [];
  const round = (first: boolean) =>
    new Promise<void>((resolve, reject) => {
      rounds.push(first);
      ends.push(resolve);
      fails.push(reject);
    });
  const at = <T>(list: T[], i: number): T => {
    const found = list[i];
    if (!found) throw new Error(`no round ${i}`);
    return found;
  };
  return { warned, logger, rounds, round, end: (i: number) => at(ends, i)(), fail: (i: number, err: Error) => at(fails, i)(err) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sweepEvery', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('given atStart, then the first round runs at once and is marked first; the next on the tick', async () => {
    const h = harness();
    const sweep = sweepEvery(h.logger, 1000, h.round, 'failed', true);
    expect(h.rounds).toEqual([true]);
    h.end(0);
    await settle();
    jest.advanceTimersByTime(1000);
    expect(h.rounds).toEqual([true, false]);
    h.end(1);
    await sweep.stop();
  });

  it('given a round still running, when the next ticks come, then no second round starts until it ends', async () => {
    const h = harness();
    const sweep = sweepEvery(h.logger, 1000, h.round, 'failed');
    jest.advanceTimersByTime(1000);
    jest.advanceTimersByTime(3000);
    expect(h.rounds).toHaveLength(1);
    h.end(0);
    await settle();
    jest.advanceTimersByTime(1000);
    expect(h.rounds).toHaveLength(2);
    h.end(1);
    await sweep.stop();
  });

  it('given a failed round, then it is logged and the next tick tries again', async () => {
    const h = harness();
    const sweep = sweepEvery(h.logger, 1000, h.round, 'the round failed');
    jest.advanceTimersByTime(1000);
    h.fail(0, new Error('down'));
    await settle();
    expect(h.warned).toEqual(['the round failed']);
    jest.advanceTimersByTime(1000);
    expect(h.rounds).toHaveLength(2);
    h.end(1);
    await sweep.stop();
  });

  it('given a round in flight, when stopped, then stop waits for it and no round starts after', async () => {
    const h = harness();
    const sweep = sweepEvery(h.logger, 1000, h.round, 'failed');
    jest.advanceTimersByTime(1000);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    h.end(0);
    await stopping;
    expect(stopped).toBe(true);
    jest.advanceTimersByTime(5000);
    expect(h.rounds).toHaveLength(1);
  });
});
