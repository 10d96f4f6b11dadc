import { useLayoutEffect } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * Where the mode lives: 'true' is sandbox (test mode); anything else is production. Once the
 * dashboard knows the user, the choice is kept per user under `${TEST_MODE_STORAGE_KEY}.${uid}`, so
 * two people sharing a browser each keep theirs; before that (and signed out) this key is used.
 */
export const TEST_MODE_STORAGE_KEY = 'seatside.testMode';

export const testModeStorageKey = (uid: string | null) => (uid ? `${TEST_MODE_STORAGE_KEY}.${uid}` : TEST_MODE_STORAGE_KEY);

export interface TestModeState {
  /** true: sandbox; false: production (the default). */
  testMode: boolean;
  /** The user whose choice this is (null until the dashboard knows who is signed in). */
  uid: string | null;
  setTestMode(testMode: boolean): void;
  /** Switches to the user's own remembered mode (the dashboard frame calls this with /auth/me's uid). */
  setUser(uid: string | null): void;
}

function readTestMode(uid: string | null): boolean {
  try {
    const storage = globalThis.localStorage;
    const own = storage?.getItem(testModeStorageKey(uid));
    // A user without a choice of their own starts from the browser's last one.
    return (own ?? storage?.getItem(TEST_MODE_STORAGE_KEY)) === 'true';
  } catch {
    return false;
  }
}

function createTestModeStore(): UseBoundStore<StoreApi<TestModeState>> {
  const store = create<TestModeState>()((set, get) => ({
    testMode: readTestMode(null),
    uid: null,
    setTestMode: (testMode) => {
      try {
        globalThis.localStorage?.setItem(testModeStorageKey(get().uid), String(testMode));
        // The unkeyed value follows the last choice, for screens shown before the user is known.
        globalThis.localStorage?.setItem(TEST_MODE_STORAGE_KEY, String(testMode));
      } catch {
        // Storage may be unavailable (private mode); the mode still holds for this page.
      }
      set({ testMode });
    },
    setUser: (uid) => {
      if (get().uid !== uid) set({ uid, testMode: readTestMode(uid) });
    },
  }));
  // Another tab switching the mode switches it here too.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === testModeStorageKey(store.getState().uid)) store.setState({ testMode: readTestMode(store.getState().uid) });
  });
  return store;
}

// Deep imports of @seatside/ui are bundled into each remote, so every remote would get its own copy of
// this module; one store per page keeps a toggle in one remote and the lists in another in step.
const holder = globalThis as typeof globalThis & { __seatsideTestMode?: UseBoundStore<StoreApi<TestModeState>> };

/** The sandbox/production mode of the dashboards (seed 002 §4), read from localStorage (see TEST_MODE_STORAGE_KEY). */
export const useTestMode: UseBoundStore<StoreApi<TestModeState>> = (holder.__seatsideTestMode ??= createTestModeStore());

/**
 * Makes `uid`'s remembered mode the current one; answers whether it is in place yet. A frame renders
 * its screens only once it is, so no list loads the other user's (or the unkeyed) mode first.
 */
export function useTestModeOf(uid: string | null): boolean {
  useLayoutEffect(() => useTestMode.getState().setUser(uid), [uid]);
  return useTestMode((s) => s.uid === uid);
}
