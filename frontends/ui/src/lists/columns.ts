/** The column chooser's choice, kept per list in localStorage (hidden keys, so new columns show). */

export const COLUMNS_STORAGE_PREFIX = 'seatside.columns.';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The hidden column keys of list `listKey`, ignoring keys that are no longer columns. */
export function readHiddenColumns(listKey: string, columnKeys: readonly string[], store: KeyValueStore | undefined = storage()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(COLUMNS_STORAGE_PREFIX + listKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string' && columnKeys.includes(key)) : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(listKey: string, hidden: readonly string[], store: KeyValueStore | undefined = storage()): void {
  try {
    store?.setItem(COLUMNS_STORAGE_PREFIX + listKey, JSON.stringify(hidden));
  } catch {
    // Storage may be unavailable (private mode); the choice still holds on this page.
  }
}

/** Shows a hidden column or hides a shown one; the last visible column stays. */
export function toggleColumn(hidden: readonly string[], key: string, columnKeys: readonly string[]): string[] {
  if (hidden.includes(key)) return hidden.filter((k) => k !== key);
  const visible = columnKeys.filter((k) => !hidden.includes(k));
  return visible.length <= 1 ? [...hidden] : [...hidden, key];
}
