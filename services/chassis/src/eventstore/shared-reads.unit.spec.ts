import { handOver, sharedReads, sharedReadsOf, type LogRows } from './shared-reads';

type E = { globalPosition: number; from?: string };

/**
 * A log of events at `positions` that answers like readAll (after, limit), and counts the reads it
 * served and the rows it fetched.
 */
function log(positions: number[]) {
  const reads: Array<[after: number, limit: number]> = [];
  const fetched: number[][] = [];
  const readRows: LogRows<E> = {
    async positions(after, limit) {
      reads.push([after, limit]);
      return positions.filter((p) => p > after).slice(0, limit);
    },
    async at(at) {
      fetched.push(at);
      return at.map((globalPosition) => ({ globalPosition, from: 'database' }));
    },
  };
  return { reads, fetched, readRows };
}

const at = (events: E[]) => events.map((e) => e.globalPosition);

describe('shared reads of a log', () => {
  it('given followers woken by one append, when they all read after the same position at once, then one query serves them all', async () => {
    const { reads, readRows } = log([1, 2, 3, 4]);
    const shared = sharedReads(readRows);
    const answers = await Promise.all([shared.read(0, 500), shared.read(0, 500), shared.read(0, 100)]);
    expect(answers.map(at)).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ]);
    expect(reads).toEqual([[0, 500]]);
    // Each caller has its own array.
    expect(answers[0]).not.toBe(answers[1]);
  });

  it('given a read that returned (0, 4], when a follower reads after a position inside it, then it is answered from it, up to its limit', async () => {
    const { reads, readRows } = log([1, 2, 3, 4, 7]);
    const shared = sharedReads(readRows);
    await shared.read(0, 4);
    expect(at(await shared.read(2, 500))).toEqual([3, 4]);
    expect(at(await shared.read(0, 2))).toEqual([1, 2]);
    expect(reads).toHaveLength(1);
  });

  it('given a follower at the end of what was read, when it reads, then it asks the database and the window grows', async () => {
    const positions = [1, 2];
    const { reads, readRows } = log(positions);
    const shared = sharedReads(readRows);
    await shared.read(0, 100);
    positions.push(5, 6);
    expect(at(await shared.read(2, 100))).toEqual([5, 6]);
    // A slower follower still at 0 gets the whole joined window without a query.
    expect(at(await shared.read(0, 100))).toEqual([1, 2, 5, 6]);
    expect(reads).toEqual([
      [0, 100],
      [2, 100],
    ]);
  });

  it('given a read that found nothing, when read again, then it asks again (an empty answer proves nothing about later commits)', async () => {
    const positions: number[] = [];
    const { reads, readRows } = log(positions);
    const shared = sharedReads(readRows);
    expect(await shared.read(0, 10)).toEqual([]);
    positions.push(1);
    expect(at(await shared.read(0, 10))).toEqual([1]);
    expect(reads).toHaveLength(2);
  });

  it('given more events than it keeps, when the window grows, then the oldest go and a read before them asks the database', async () => {
    const { reads, readRows } = log([1, 2, 3, 4, 5, 6]);
    const shared = sharedReads(readRows, 3);
    await shared.read(0, 6);
    expect(at(await shared.read(3, 10))).toEqual([4, 5, 6]);
    expect(reads).toHaveLength(1);
    expect(at(await shared.read(2, 10))).toEqual([3, 4, 5, 6]);
    expect(reads).toHaveLength(2);
  });

  it('given a lagging follower, when its older read returns, then it does not replace the newer window', async () => {
    const { reads, readRows } = log([1, 2, 3, 4, 5, 6]);
    const shared = sharedReads(readRows);
    await shared.read(4, 10);
    await shared.read(0, 2);
    expect(at(await shared.read(5, 10))).toEqual([6]);
    expect(reads).toEqual([
      [4, 10],
      [0, 2],
    ]);
  });

  it('given a failed read, when read again, then the failure is not kept', async () => {
    let fail = true;
    const shared = sharedReads({
      async positions(after: number) {
        if (fail) throw new Error('connection lost');
        return [after + 1];
      },
      at: async (positions) => positions.map((globalPosition) => ({ globalPosition })),
    });
    await expect(shared.read(0, 10)).rejects.toThrow('connection lost');
    fail = false;
    expect(at(await shared.read(0, 10))).toEqual([1]);
  });

  it('given two stores of one log on one pool, when both ask for shared reads, then they get the same ones; another pool or log its own', () => {
    const pool = {};
    const { readRows } = log([]);
    expect(sharedReadsOf(pool, 'orders.events', readRows)).toBe(sharedReadsOf(pool, 'orders.events', readRows));
    expect(sharedReadsOf(pool, 'orders.published', readRows)).not.toBe(sharedReadsOf(pool, 'orders.events', readRows));
    expect(sharedReadsOf({}, 'orders.events', readRows)).not.toBe(sharedReadsOf(pool, 'orders.events', readRows));
  });

  it('given events this process committed, when a read finds their positions, then it takes them as handed over and fetches only the others', async () => {
    const positions = [1, 2, 3, 4];
    const { fetched, readRows } = log(positions);
    const shared = sharedReads(readRows);
    await shared.read(0, 10);
    positions.push(5, 6, 7);
    shared.committed(() => [
      { globalPosition: 5, from: 'commit' },
      { globalPosition: 7, from: 'commit' },
    ]);
    const events = await shared.read(4, 10);
    expect(events.map((e) => [e.globalPosition, e.from])).toEqual([
      [5, 'commit'],
      [6, 'database'],
      [7, 'commit'],
    ]);
    expect(fetched).toEqual([[1, 2, 3, 4], [6]]);
  });

  it('given committed events whose transactions are not yet below the horizon, when a read does not find them, then they wait for the next one', async () => {
    const positions = [1];
    const { fetched, readRows } = log(positions);
    const shared = sharedReads(readRows);
    await shared.read(0, 10);
    shared.committed(() => [{ globalPosition: 2, from: 'commit' }]);
    expect(await shared.read(1, 10)).toEqual([]);
    positions.push(2);
    expect(await shared.read(1, 10)).toEqual([{ globalPosition: 2, from: 'commit' }]);
    expect(fetched).toEqual([[1]]);
  });

  it('given a log nobody in the process has read, when events are committed, then none are kept (a later read fetches them)', async () => {
    const { fetched, readRows } = log([1]);
    const shared = sharedReads(readRows);
    let made = false;
    shared.committed(() => ((made = true), [{ globalPosition: 1, from: 'commit' }]));
    expect(made).toBe(false);
    expect(await shared.read(0, 10)).toEqual([{ globalPosition: 1, from: 'database' }]);
    expect(fetched).toEqual([[1]]);
  });

  it('given more committed events than it holds while nobody reads them, when a read comes, then the oldest were let go and are fetched', async () => {
    const positions: number[] = [];
    const { fetched, readRows } = log(positions);
    const shared = sharedReads(readRows, 1_000, 2);
    await shared.read(0, 10);
    positions.push(1, 2, 3);
    shared.committed(() => [1, 2, 3].map((globalPosition) => ({ globalPosition, from: 'commit' })));
    expect((await shared.read(0, 10)).map((e) => e.from)).toEqual(['database', 'commit', 'commit']);
    expect(fetched).toEqual([[1]]);
  });

  it('given a read that fetches fewer rows than positions it found, then it fails rather than answer a hole', async () => {
    const shared = sharedReads({ positions: async () => [1, 2], at: async () => [{ globalPosition: 1 }] });
    await expect(shared.read(0, 10)).rejects.toThrow('read 1 of the 2 events at positions 1, 2');
  });

  it('given a pool and log that nobody in the process reads, when events are handed over, then nothing is made for them', () => {
    const pool = {};
    let made = false;
    handOver(pool, 'orders.published', () => ((made = true), [{ globalPosition: 1 }]));
    expect(made).toBe(false);
  });
});
