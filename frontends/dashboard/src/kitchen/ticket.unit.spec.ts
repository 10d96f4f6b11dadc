import { describe, expect, it } from '@jest/globals';
import type { Order } from '../orders/api';
import { dueAt, ticketPlace } from './ticket';

const seat = { tagId: 't1', tagCode: 'T1', name: 'Section 104 · Seat 2C', metadata: [] };
type Placed = Pick<Order, 'type' | 'fulfillment' | 'location' | 'tab'>;
const order = (fulfillment: Order['fulfillment'], more: Partial<Placed> = {}): Placed => ({ type: fulfillment.type, fulfillment, ...more });

describe("the kitchen display's ticket: where an order goes and when it is for", () => {
  it('given a delivery to Section 104 · Seat 2C, then the ticket shows the seat alone', () => {
    expect(ticketPlace(order({ type: 'TAG' }, { location: seat }))).toEqual({ location: 'Section 104 · Seat 2C' });
  });

  it("given a round of Tess Tab's tab, then 'Tab · Tess Tab', not 'Pickup'", () => {
    expect(ticketPlace(order({ type: 'TAB' }, { tab: { id: 'tab1', name: 'Tess Tab' } }))).toEqual({ label: 'Tab · Tess Tab' });
  });

  it("given a round of a tab opened at a table's tag, then the tab's name and the table", () => {
    expect(ticketPlace(order({ type: 'TAB' }, { tab: { id: 'tab1', name: 'Tess Tab' }, location: { ...seat, name: 'Table 12' } }))).toEqual({ label: 'Tab · Tess Tab', location: 'Table 12' });
  });

  it("given a table pickup ordered from the seat's tag, then 'Pickup · Table' and the seat it carries", () => {
    expect(ticketPlace(order({ type: 'PICKUP', pickupMethod: 'TABLE' }, { location: seat }))).toEqual({ label: 'Pickup · Table', location: 'Section 104 · Seat 2C' });
  });

  it("given a counter pickup for 4:00 AM, then 'Pickup · Counter' and the time it is for", () => {
    expect(ticketPlace(order({ type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime: '2026-11-28T09:00:00.000Z' }))).toEqual({ label: 'Pickup · Counter', scheduledFor: '2026-11-28T09:00:00.000Z' });
  });

  it("given a delivery to an address, then 'Delivery'", () => {
    expect(ticketPlace(order({ type: 'DELIVERY' }))).toEqual({ label: 'Delivery' });
  });
});

describe("the kitchen display's ticket: when it is late", () => {
  const receivedAt = '2026-11-30T08:00:00.000Z';
  it('given an order for now, then it is due preparation time after it came in', () => {
    expect(new Date(dueAt({ receivedAt, fulfillment: { type: 'PICKUP' } }, 15)).toISOString()).toBe('2026-11-30T08:15:00.000Z');
  });

  it('given an order for a chosen pickup time, then it is due then, however early it was placed', () => {
    expect(new Date(dueAt({ receivedAt, fulfillment: { type: 'PICKUP', pickupTime: '2026-11-30T09:00:00.000Z' } }, 15)).toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
});
