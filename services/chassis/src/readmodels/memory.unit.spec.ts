import { readModelContract } from './contract';
import { createMemoryReadModelStore } from './memory';

readModelContract('in-memory', async () => ({
  store: createMemoryReadModelStore(),
  async rollback(work) {
    // What an in-memory event store does on failure: run the registered undos, newest first.
    const undos: Array<() => void> = [];
    await work({ kind: 'memory', onRollback: (undo) => undos.push(undo) });
    for (const undo of undos.reverse()) undo();
  },
  cleanup: () => Promise.resolve(),
}));
