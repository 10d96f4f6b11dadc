import { create, type StoreApi, type UseBoundStore } from 'zustand';

/** Where the current mode lives: 'true' is sandbox (test mode); anything else is production. */
export const TEST_MODE_STORAGE_KEY = 'seatside.testMode';

export interface TestModeState {
  /** true: sandbox; false: production (the default). */
  testMode: boolean;
  setTestMode(testMode: boolean): void;
}

function readTestMode(): boolean {
  try {
    return globalThis.localStorage?.getItem(TEST_MODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function createTestModeStore(): UseBoundStore<StoreApi<TestModeState>> {
  const store = create<TestModeState>()((set) => ({
    testMode: readTestMode(),
    setTestMode: (testMode) => {
      try {
        globalThis.localStorage?.setItem(TEST_MODE_STORAGE_KEY, String(testMode));
      } catch {
        // Storage may be unavailable (private mode); the mode still holds for this page.
      }
      set({ testMode });
    },
  }));
  // Another tab switching the mode switches it here too.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === TEST_MODE_STORAGE_KEY) store.setState({ testMode: readTestMode() });
  });
  return store;
}

// Deep imports of @seatside/ui are bundled into each remote, so every remote would get its own copy of
// this module; one store per page keeps a toggle in one remote and the lists in another in step.
const holder = globalThis as typeof globalThis & { __seatsideTestMode?: UseBoundStore<StoreApi<TestModeState>> };

/** The sandbox/production mode of the dashboards (seed 002 §4), read from localStorage['seatside.testMode']. */
export const useTestMode: UseBoundStore<StoreApi<TestModeState>> = (holder.__seatsideTestMode ??= createTestModeStore());
