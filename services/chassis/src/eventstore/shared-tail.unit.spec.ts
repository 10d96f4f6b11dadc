import { coalescedReads } from './shared-tail';

type Row = { position: number };

/** A log of positions 1..n (with the gaps given) read like readAll: rows after `after`, at most `limit`, in order. */
function log(n: number, gaps: number[] = []) {
  let rows: Row[] = Array.from({ length: n }, (_, i) => ({ position: i + 1 })).filter((row) => !gaps.includes(row.position));
  const queries: Array<{ after: number; limit: number }> = [];
  let held: Array<() => void> = [];
  let holding = false;
  const read = async (after: number, limit: number) => {
    queries.push({ after, limit });
    const answer = rows.filter((row) => row.position > after).slice(0, limit);
    if (holding) await new Promise<void>((resume) => held.push(resume));
    return answer;
  };
  return {
    read,
    queries,
    append: (...positions: number[]) => (rows = [...rows, ...positions.map((position) => ({ position }))]),
    hold: () => (holding = true),
    release: () => {
      holding = false;
      const waiting = held;
      held = [];
      for (const resume of waiting) resume();
    },
  };
}

const positions = (rows: Row[]) => rows.map((row) => row.position);
const positionOf = (row: Row) => row.position;

describe('coalesced reads of a log tail', () => {
  it('given subscriptions woken together at different checkpoints, when they read, then one query answers each what its own read would', async () => {
    const tail = log(30, [12, 13]);
    const readAll = coalescedReads(tail.read, positionOf);
    const [a, b, c] = await Promise.all([readAll(10, 5), readAll(20, 100), readAll(0, 3)]);
    expect(tail.queries).toHaveLength(1);
    expect(positions(a)).toEqual([11, 14, 15, 16, 17]);
    expect(positions(b)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(positions(c)).toEqual([1, 2, 3]);
  });

  it('given a longer log than the shared read could hold for the one behind, when they read, then each still gets a full batch', async () => {
    const tail = log(500);
    const readAll = coalescedReads(tail.read, positionOf);
    const [behind, ahead] = await Promise.all([readAll(0, 100), readAll(300, 100)]);
    expect(positions(behind)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(positions(ahead)).toEqual(Array.from({ length: 100 }, (_, i) => i + 301));
  });

  it('given a read asked for while one runs, when it answers, then it comes from a query begun after it was asked (nothing older)', async () => {
    const tail = log(5);
    const readAll = coalescedReads(tail.read, positionOf);
    tail.hold();
    const first = readAll(0, 100);
    await new Promise((resolve) => setImmediate(resolve));
    tail.append(6);
    const second = readAll(0, 100);
    tail.release();
    expect(positions(await first)).toEqual([1, 2, 3, 4, 5]);
    expect(positions(await second)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tail.queries).toHaveLength(2);
  });

  it('given one subscription far behind the others, when they read together, then it reads alone and the others share', async () => {
    const tail = log(5000);
    const readAll = coalescedReads(tail.read, positionOf);
    const [behind, ahead, alsoAhead] = await Promise.all([readAll(0, 100), readAll(4900, 100), readAll(4950, 100)]);
    expect(positions(behind)).toHaveLength(100);
    expect(positions(ahead)).toHaveLength(100);
    expect(positions(alsoAhead)).toHaveLength(50);
    expect(tail.queries).toEqual(expect.arrayContaining([{ after: 0, limit: 100 }, { after: 4900, limit: 150 }]));
    expect(tail.queries).toHaveLength(2);
  });

  it('given the query fails, when they read, then every caller of it gets the error and the next read queries again', async () => {
    let fail = true;
    const readAll = coalescedReads(async (after: number) => {
      if (fail) throw new Error('connection lost');
      return [{ position: after + 1 }];
    }, positionOf);
    const outcomes = await Promise.allSettled([readAll(0, 10), readAll(0, 10)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(positions(await readAll(0, 10))).toEqual([1]);
  });
});
