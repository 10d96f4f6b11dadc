import { sharedReads, sharedReadsOf } from './shared-reads';

type E = { globalPosition: number };

/** A log of events at `positions` that answers like readAll (after, limit) and counts the reads it served. */
function log(positions: number[]) {
  const reads: Array<[after: number, limit: number]> = [];
  const readRows = async (after: number, limit: number): Promise<E[]> => {
    reads.push([after, limit]);
    return positions.filter((p) => p > after).slice(0, limit).map((globalPosition) => ({ globalPosition }));
  };
  return { reads, readRows };
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
    const shared = sharedReads(async (after: number) => {
      if (fail) throw new Error('connection lost');
      return [{ globalPosition: after + 1 }];
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
});
