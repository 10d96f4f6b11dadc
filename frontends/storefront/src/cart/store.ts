import { useEffect, useSyncExternalStore } from 'react';
import type { StorefrontDocument } from '../domain/types';
import { addLine, removeLine, setLineQuantity, type CartLine } from './lines';

/** Where the diner is ordering from, when they came through a tag (Table 12 · Seat 2C). */
export interface CartTag {
  id: string;
  code: string;
  label: string;
  /** Its visible metadata in order (Section 104, Seat 2C), for a TAG order's 'Deliver to …'. */
  metadata?: { key: string; value: string }[];
  /** When the diner scanned it (ms since epoch). */
  at?: number;
}

/** A seat is remembered for one event, not forever: a tag scanned longer ago than this is dropped on load. */
export const TAG_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** The tag still worth using at `now`, or null. */
export const freshTag = (tag: CartTag | null | undefined, now: number): CartTag | null => (tag && now - (tag.at ?? 0) <= TAG_MAX_AGE_MS ? tag : null);

export interface CartState {
  lines: CartLine[];
  tag: CartTag | null;
  /**
   * The Idempotency-Key of the checkout under way: minted on the first "Place order", reused by
   * every retry (a lost answer, a refusal fixed and sent again) until an order is placed.
   */
  checkoutKey: string | null;
  add(line: CartLine): void;
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  setTag(tag: CartTag | null): void;
  checkoutKeyToUse(): string;
  /** An order was placed: the cart and its key are done with. */
  placed(): void;
}

/** A random key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A cart: `store(selector)` reads it in a component (re-rendering when the selected value changes),
 * `getState()` / `setState()` outside. The storefront's own few lines instead of zustand and its
 * persist middleware (a diner's first visit downloads every byte).
 */
export interface CartStore {
  <T>(selector: (state: CartState) => T): T;
  getState(): CartState;
  setState(partial: Partial<CartState>): void;
  subscribe(listener: () => void): () => void;
}

/** The stored form of a cart (what zustand's persist wrote before, so saved carts still load). */
interface Stored {
  state?: Partial<Pick<CartState, 'lines' | 'tag' | 'checkoutKey'>>;
  version?: number;
}

const STORED_VERSION = 1;

function readStored(name: string): Stored['state'] {
  try {
    const raw = localStorage.getItem(name);
    const stored = raw ? (JSON.parse(raw) as Stored) : undefined;
    return stored?.version === STORED_VERSION ? stored.state : undefined;
  } catch {
    return undefined;
  }
}

function writeStored(name: string, { lines, tag, checkoutKey }: CartState): void {
  try {
    localStorage.setItem(name, JSON.stringify({ state: { lines, tag, checkoutKey }, version: STORED_VERSION } satisfies Stored));
  } catch {
    // Storage full or blocked (private mode): the cart lives for this visit only.
  }
}

function createCartStore(name: string): CartStore {
  const listeners = new Set<() => void>();
  const get = () => state;
  const set = (partial: Partial<CartState>) => {
    state = { ...state, ...partial };
    writeStored(name, state);
    for (const listener of listeners) listener();
  };
  const saved = readStored(name) ?? {};
  let state: CartState = {
    lines: saved.lines ?? [],
    tag: freshTag(saved.tag, Date.now()),
    checkoutKey: saved.checkoutKey ?? null,
    add: (line) => set({ lines: addLine(get().lines, line) }),
    setQuantity: (key, quantity) => set({ lines: setLineQuantity(get().lines, key, quantity) }),
    remove: (key) => set({ lines: removeLine(get().lines, key) }),
    setTag: (tag) => set({ tag: tag ? { ...tag, at: tag.at ?? Date.now() } : null }),
    checkoutKeyToUse: () => {
      const existing = get().checkoutKey;
      if (existing) return existing;
      const key = newIdempotencyKey();
      set({ checkoutKey: key });
      return key;
    },
    placed: () => set({ lines: [], checkoutKey: null }),
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const useCart = <T,>(selector: (s: CartState) => T): T => useSyncExternalStore(subscribe, () => selector(state));
  return Object.assign(useCart, { getState: get, setState: set, subscribe });
}

const stores = new Map<string, CartStore>();

/** The localStorage key of a merchant's cart in one mode. */
export const cartStorageKey = (handle: string, testMode: boolean) => `seatside.cart.${handle}.${testMode ? 'sandbox' : 'production'}`;

/**
 * The cart of one merchant in one mode, kept in localStorage so it survives a reload (a sandbox
 * cart never mixes with a production one). One store per key, made on first use.
 */
export function cartStore(handle: string, testMode: boolean): CartStore {
  const name = cartStorageKey(handle, testMode);
  let store = stores.get(name);
  if (!store) {
    store = createCartStore(name);
    stores.set(name, store);
  }
  return store;
}

/**
 * Keeps a cart's lines priced from the menu the page shows (`pricedLines`): a price or option changed
 * since a line was added shows in the cart and at checkout, beside the subtotal checkout quotes. The
 * pricing is fetched only for a cart with lines, so a first visit's menu does not download it.
 */
export function usePricedFrom(store: CartStore, doc: Pick<StorefrontDocument, 'products' | 'modifiers'>): void {
  const lines = store((s) => s.lines);
  useEffect(() => {
    if (lines.length === 0) return;
    let current = true;
    void import('./pricing').then(({ pricedLines }) => {
      // Lines changed meanwhile (the diner added one) are priced again by the next run of this effect.
      if (!current) return;
      const next = pricedLines(lines, doc);
      if (next !== lines) store.setState({ lines: next });
    });
    return () => {
      current = false;
    };
  }, [store, lines, doc]);
}
