import { describe, expect, it } from '@jest/globals';
import type { BillingSummary } from '../domain/types';
import { fulfillmentWords } from './fulfillment';
import type { Shown } from './shown';

const billingSummary = { currency: 'USD', totals: { amountDue: 9.75 } } as unknown as BillingSummary;
const seat = { tagId: 't1', tagCode: 'T1', name: 'Section 104 · Seat 2C', metadata: [] };
const order = (status: string, more: Partial<Shown>): Shown => ({ orderCode: 'A1', status, billingSummary, ...more });
/** The merchant's clock as the page formats it: here, the ISO instant's hh:mm in UTC. */
const time = (iso: string) => {
  const date = new Date(iso);
  const hours = date.getUTCHours();
  return `${hours % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

describe("the diner's order page: what it says of the fulfilment", () => {
  it("given a delivery to Section 104 · Seat 2C made ready, then it says 'Deliver to Section 104 · Seat 2C' and 'Ready for delivery', never pickup", () => {
    const words = fulfillmentWords(order('READY', { fulfillment: { type: 'TAG' }, location: seat }), time);
    expect(words).toEqual({ status: 'Ready for delivery', deliverTo: 'Deliver to Section 104 · Seat 2C' });
  });

  it("given a delivery to the seat the runner delivered, then its status is 'Delivered'", () => {
    expect(fulfillmentWords(order('COMPLETED', { fulfillment: { type: 'TAG' }, location: seat }), time).status).toBe('Delivered');
  });

  it("given a delivery to an address, then it says 'Deliver to' the address", () => {
    const words = fulfillmentWords(order('ACCEPTED', { fulfillment: { type: 'DELIVERY', address: { line1: '1 Main St', city: 'Springfield' } } }), time);
    expect(words).toEqual({ status: 'Being prepared', deliverTo: 'Deliver to 1 Main St, Springfield' });
  });

  it("given a counter pickup ordered from the seat's tag (it carries the tag's location), when ready, then it says 'Pickup · Counter' and 'Ready for pickup', not 'Deliver to'", () => {
    const words = fulfillmentWords(order('READY', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, location: seat }), time);
    expect(words).toEqual({ status: 'Ready for pickup', pickup: 'Pickup · Counter' });
  });

  it("given a pickup for 4:00 AM the kitchen will keep (estimate from = to), then it says 'Pickup time: 4:00 AM' and 'Ready at 4:00 AM'", () => {
    const at = '2026-11-28T04:00:00.000Z';
    const words = fulfillmentWords(order('PLACED', { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER', pickupTime: at }, estimatedReadyAt: { from: at, to: at } }), time);
    expect(words).toEqual({ status: 'Received', pickup: 'Pickup · Counter', pickupTime: 'Pickup time: 4:00 AM', eta: 'Ready at 4:00 AM' });
  });

  it("given an order for now with a range, then 'Ready between …'", () => {
    const words = fulfillmentWords(order('PLACED', { fulfillment: { type: 'PICKUP', pickupMethod: 'TABLE' }, estimatedReadyAt: { from: '2026-11-28T03:29:00.000Z', to: '2026-11-28T03:37:00.000Z' } }), time);
    expect(words).toEqual({ status: 'Received', pickup: 'Pickup · Table', eta: 'Ready between 3:29 AM and 3:37 AM' });
  });

  it('given the placement answer (no fulfillment known yet), then only the status', () => {
    expect(fulfillmentWords(order('PLACED', {}), time)).toEqual({ status: 'Received' });
  });
});
