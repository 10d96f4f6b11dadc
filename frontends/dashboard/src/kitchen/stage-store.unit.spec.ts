import { describe, expect, it } from '@jest/globals';
import type { Order } from '../orders/api';
import { StageStore } from './stage-store';

const order = (id: string, receivedAt: string, fields: Partial<Order> = {}) =>
  ({ id, orderCode: id, status: 'PLACED', stage: 'kitchen', receivedAt, updatedAt: receivedAt, ...fields }) as Order;

/** Counts the store's notifications: the board's (ids) and each ticket's (its own order). */
function watched(store: StageStore, ids: string[]) {
  const heard = { board: 0, ...Object.fromEntries(ids.map((id) => [id, 0])) } as Record<string, number>;
  store.subscribe(() => (heard.board = (heard.board ?? 0) + 1));
  for (const id of ids) store.subscribeTo(id, () => (heard[id] = (heard[id] ?? 0) + 1));
  return heard;
}

describe('the kitchen display store', () => {
  it('given loaded orders, then the ids are oldest first and orders of another stage are left out', () => {
    const store = new StageStore('kitchen');
    store.reset([order('b', '2026-01-01T10:05:00Z'), order('a', '2026-01-01T10:00:00Z'), order('r', '2026-01-01T09:00:00Z', { stage: 'runner' })]);
    expect(store.ids()).toEqual(['a', 'b']);
    expect(store.all().map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('given a board, when one order is bumped and stays on it, then the ids keep their identity and only that ticket hears it', () => {
    const store = new StageStore('kitchen');
    store.reset([order('a', '2026-01-01T10:00:00Z'), order('b', '2026-01-01T10:05:00Z')]);
    const ids = store.ids();
    const heard = watched(store, ['a', 'b']);
    expect(store.apply(order('a', '2026-01-01T10:00:00Z', { status: 'ACCEPTED', updatedAt: '2026-01-01T10:06:00Z' }))).toBe(false);
    expect(store.ids()).toBe(ids);
    expect(store.get('a')?.status).toBe('ACCEPTED');
    expect(heard).toMatchObject({ a: 1, b: 0 });
  });

  it('given a board, when an order arrives, one leaves, and an older state comes late, then the ids follow and the late state is ignored', () => {
    const store = new StageStore('kitchen');
    store.reset([order('a', '2026-01-01T10:00:00Z', { updatedAt: '2026-01-01T10:07:00Z', status: 'ACCEPTED' })]);
    expect(store.apply(order('c', '2026-01-01T10:08:00Z'))).toBe(true);
    expect(store.ids()).toEqual(['a', 'c']);
    expect(store.apply(order('a', '2026-01-01T10:00:00Z', { updatedAt: '2026-01-01T10:01:00Z' }))).toBe(false);
    expect(store.get('a')?.status).toBe('ACCEPTED');
    expect(store.apply(order('a', '2026-01-01T10:00:00Z', { updatedAt: '2026-01-01T10:09:00Z', status: 'READY', stage: 'runner' }))).toBe(false);
    expect(store.ids()).toEqual(['c']);
    expect(store.get('a')).toBeUndefined();
    // An order never on the board that is not at its stage changes nothing.
    const ids = store.ids();
    expect(store.apply(order('z', '2026-01-01T10:10:00Z', { stage: 'done' }))).toBe(false);
    expect(store.ids()).toBe(ids);
  });
});
