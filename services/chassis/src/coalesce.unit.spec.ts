import { coalescedReads } from './coalesce';

/** A read whose answers the test releases by hand, counting how many were sent. */
function manualReads() {
  const sent: Array<{ key: string; answer: (value: number) => void; fail: (err: Error) => void }> = [];
  const read = (key: string) => new Promise<number>((answer, fail) => sent.push({ key, answer, fail }));
  return { sent, read };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('coalesced reads', () => {
  it('given no read in flight, when one request asks, then a read starts at once', async () => {
    const { sent, read } = manualReads();
    const get = coalescedReads(read);
    const answer = get('a');
    expect(sent).toHaveLength(1);
    sent[0]!.answer(1);
    expect(await answer).toBe(1);
  });

  it('given a read in flight, when more requests ask, then they share one read sent after it (never the earlier one)', async () => {
    const { sent, read } = manualReads();
    const get = coalescedReads(read);
    const first = get('a');
    const later = [get('a'), get('a'), get('a')];
    expect(sent).toHaveLength(1);
    sent[0]!.answer(1);
    expect(await first).toBe(1);
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('given the queued read has started, when another request asks, then it waits for a read of its own', async () => {
    const { sent, read } = manualReads();
    const get = coalescedReads(read);
    void get('a');
    const second = get('a');
    sent[0]!.answer(1);
    await turn();
    const third = get('a');
    expect(sent).toHaveLength(2);
    sent[1]!.answer(2);
    await turn();
    expect(sent).toHaveLength(3);
    sent[2]!.answer(3);
    expect([await second, await third]).toEqual([2, 3]);
  });

  it('given a failed read, then its requests fail and the queued ones still get a read; other keys are apart', async () => {
    const { sent, read } = manualReads();
    const get = coalescedReads(read);
    const first = get('a');
    const queued = get('a');
    const other = get('b');
    expect(sent.map((s) => s.key)).toEqual(['a', 'b']);
    sent[0]!.fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await turn();
    sent[2]!.answer(5);
    sent[1]!.answer(7);
    expect([await queued, await other]).toEqual([5, 7]);
  });
});
