import { eventStoreContract } from './contract';
import { createMemoryEventStore } from './memory';

eventStoreContract('in-memory', async () => {
  const store = createMemoryEventStore();
  return { store, cleanup: () => store.close() };
});

describe('in-memory event store specifics', () => {
  it('given two inline projections that wrote, when the second then throws, then their undos run newest first and nothing is appended', async () => {
    const store = createMemoryEventStore();
    const readModel: string[] = [];
    const undone: string[] = [];
    const write = (value: string) => async (_events: unknown, tx: import('../db').Tx) => {
      if (tx.kind !== 'memory') throw new Error('expected a memory transaction');
      readModel.push(value);
      tx.onRollback(() => {
        undone.push(value);
        readModel.splice(readModel.indexOf(value), 1);
      });
    };
    const failing = async () => {
      throw new Error('no');
    };
    await expect(
      store.appendToStream('s-1', [{ type: 'T', data: {} }], { expectedVersion: 'no_stream', inline: [write('a'), write('b'), failing] }),
    ).rejects.toThrow('no');
    expect(undone).toEqual(['b', 'a']);
    expect(readModel).toEqual([]);
    expect(await store.headPosition()).toBe(0);
  });

  it('given an appended event, when the caller mutates what it passed or what it read, then the log is unchanged', async () => {
    const store = createMemoryEventStore();
    const data = { items: ['fries'] };
    const { events } = await store.appendToStream('s-1', [{ type: 'T', data }], { expectedVersion: 'no_stream' });
    data.items.push('mutated');
    (events[0]!.data as typeof data).items.push('mutated too');
    const [read] = await store.readStream('s-1');
    expect(read!.data).toEqual({ items: ['fries'] });
  });
});
