import { countedCases } from './contract-cases/counted';
import { documentCases } from './contract-cases/documents';
import type { Harness, ReadModelHarness } from './contract-cases/helpers';
import { pageCases } from './contract-cases/pages';
import { queryCases } from './contract-cases/queries';
import { snapshotCases } from './contract-cases/snapshot';

export type { ReadModelHarness } from './contract-cases/helpers';

/** Every adapter of the ReadModelStore port runs these same cases (DESIGN §10). */
export function readModelContract(name: string, make: () => Promise<ReadModelHarness>): void {
  describe(`${name} read model store`, () => {
    let current: ReadModelHarness | undefined;
    beforeAll(async () => {
      current = await make();
    });
    afterAll(async () => {
      await current?.cleanup();
    });
    const harness: Harness = () => {
      if (!current) throw new Error('the read model harness is not ready');
      return current;
    };

    documentCases(harness);
    queryCases(harness);
    pageCases(harness);
    countedCases(harness);
    snapshotCases(harness);
  });
}
