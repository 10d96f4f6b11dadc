import { describe, expect, it } from '@jest/globals';
import type { Order } from '../orders/api';
import { amountToCollect, runnerGroups } from './groups';

const order = (orderCode: string, metadata?: { key: string; value: string }[]) =>
  ({ id: orderCode, orderCode, ...(metadata ? { location: { tagId: 't', name: metadata.map((m) => `${m.key} ${m.value}`).join(' · '), metadata } } : {}) }) as Order;

describe('the runner view', () => {
  it('given ready orders, then they are grouped by Section (else the first metadata pair), in natural seat order, orders without a seat last', () => {
    const groups = runnerGroups([
      order('A1', [{ key: 'Section', value: '104' }, { key: 'Seat', value: '10' }]),
      order('A2'),
      order('A3', [{ key: 'Seat', value: '2' }, { key: 'section', value: '104' }]),
      order('A4', [{ key: 'Section', value: '12' }, { key: 'Seat', value: '1' }]),
      order('A5', [{ key: 'Table', value: '7' }]),
      order('A6', [{ key: 'Section', value: '104' }, { key: 'Seat', value: '2C' }]),
    ]);
    expect(groups.map((g) => [g.label, g.orders.map((o) => o.orderCode)])).toEqual([
      ['Section 12', ['A4']],
      ['Section 104', ['A3', 'A6', 'A1']],
      ['Table 7', ['A5']],
      ['', ['A2']],
    ]);
  });

  it('given a cash order not yet paid, then the runner collects its amount due; paid, by card or on a tab, nothing', () => {
    const billing = (amountDue: number) => ({ currency: 'USD', totals: { subtotal: amountDue, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue }, fees: { deliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 } });
    const paid = { paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaid: 12.5, paidAt: '2026-11-30T08:00:00Z' };
    expect(amountToCollect({ paymentProcessor: 'CASH', billingSummary: billing(12.5) })).toBe(12.5);
    expect(amountToCollect({ paymentProcessor: 'CASH', billingSummary: billing(12.5), payment: paid })).toBeNull();
    expect(amountToCollect({ paymentProcessor: 'STRIPE', billingSummary: billing(12.5) })).toBeNull();
    // Pay later: collected at the seat, unless it is a tab's round (the tab pays it when it closes).
    expect(amountToCollect({ paymentProcessor: 'TBD', billingSummary: billing(12.5) })).toBe(12.5);
    expect(amountToCollect({ paymentProcessor: 'TBD', billingSummary: billing(12.5), payment: paid })).toBeNull();
    expect(amountToCollect({ paymentProcessor: 'TBD', billingSummary: billing(12.5), tab: { id: 'tab-1', name: 'Tess Tab' } })).toBeNull();
    expect(amountToCollect({ paymentProcessor: 'CASH', billingSummary: billing(0) })).toBeNull();
  });
});
