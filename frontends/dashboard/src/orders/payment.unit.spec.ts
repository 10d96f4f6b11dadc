import { describe, expect, it } from '@jest/globals';
import { refundMessages } from './messages';
import { awaitsCard, showsCashChange, cardRefundOnCancel, leftToRefund, refundFormErrors } from './payment';

describe('a card order awaiting its payment', () => {
  const paid = { paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', amountPaid: 12.5, paidAt: '2026-11-25T12:00:00Z' };
  it.each([
    ['a placed STRIPE order without a payment', { status: 'PLACED', paymentProcessor: 'STRIPE' }, true],
    ['a placed SQUARE order without a payment', { status: 'PLACED', paymentProcessor: 'SQUARE' }, true],
    ['a paid card order', { status: 'PAID', paymentProcessor: 'STRIPE', payment: paid }, false],
    ['a cash order, paid at the counter later', { status: 'PLACED', paymentProcessor: 'CASH' }, false],
    ['a pay-later order', { status: 'PLACED', paymentProcessor: 'TBD' }, false],
    ['a cancelled card order', { status: 'CANCELLED', paymentProcessor: 'STRIPE' }, false],
  ] as const)('given %s, then %s', (_what, order, awaiting) => {
    expect(awaitsCard(order as Parameters<typeof awaitsCard>[0])).toBe(awaiting);
  });
});

describe('what cancelling sends back to the card', () => {
  const card = { paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', amountPaid: 12.5, paidAt: '2026-11-25T12:00:00Z' };
  const refund = (refundAmount: number) => ({ title: 'Cold pie', total: refundAmount, tax: 0, refundAmount, at: '2026-11-25T12:05:00Z' });
  it.each([
    ['a card payment without refunds', { payment: card, refunds: {} }, 12.5],
    ['a card payment partly refunded (0.10 + 0.20: cents, not floats)', { payment: card, refunds: { a: refund(0.1), b: refund(0.2) } }, 12.2],
    ['a card payment refunded in full', { payment: card, refunds: { a: refund(12.5) } }, 0],
    ['a cash payment', { payment: { ...card, paymentProcessor: 'CASH', paymentMethodType: 'CASH' }, refunds: {} }, 0],
    ['no payment yet', { refunds: {} }, 0],
  ] as const)('given %s, then %s', (_what, order, due) => {
    expect(cardRefundOnCancel(order as Parameters<typeof cardRefundOnCancel>[0])).toBe(due);
  });
});

describe('the refund form', () => {
  const cash = { paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaid: 20, paidAt: '2026-11-25T12:00:00Z' };
  it('given a cash payment of 20.00 with 2.35 refunded, then 17.65 is left to refund (cash too)', () => {
    expect(leftToRefund({ payment: cash, refunds: { a: { title: 'Cold', total: 2.35, tax: 0, refundAmount: 2.35, at: '' } } })).toBe(17.65);
    expect(leftToRefund({ refunds: {} })).toBe(0);
  });

  it.each([
    ['a title and an amount', { title: 'Cold pie', amount: '2.50' }, {}],
    ['no title', { title: '  ', amount: '2.50' }, { title: refundMessages.titleRequired }],
    ['no amount', { title: 'Cold pie', amount: '' }, { amount: refundMessages.amountInvalid }],
    ['an amount of 0', { title: 'Cold pie', amount: '0' }, { amount: refundMessages.amountNotPositive }],
    ['nothing at all', { title: '', amount: 'x' }, { title: refundMessages.titleRequired, amount: refundMessages.amountInvalid }],
  ] as const)('given %s, then the errors by field are %j', (_what, form, errors) => {
    expect(refundFormErrors(form)).toEqual(errors);
  });

  it('given 30.25 left to refund, when 999 is asked, then the amount is refused under its field in the API\'s words; 30.25 itself passes', () => {
    expect(refundFormErrors({ title: 'Spilled', amount: '999' }, 30.25)).toEqual({ amount: refundMessages.amountTooLarge });
    expect(refundFormErrors({ title: 'Spilled', amount: '30.26' }, 30.25)).toEqual({ amount: refundMessages.amountTooLarge });
    expect(refundFormErrors({ title: 'Spilled', amount: '30.25' }, 30.25)).toEqual({});
  });
});

describe('the cash change (seed 001 §4)', () => {
  const cash = { paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaid: 12.5, amountTendered: 20, changeDue: 7.5, paidAt: '2026-11-26T12:00:00Z' };
  it('given an order paid in cash, then its tendered amount and change show, also once accepted or completed', () => {
    expect(showsCashChange({ payment: cash })).toBe(true);
  });
  it('given an unpaid order or a card payment, then no cash change', () => {
    expect(showsCashChange({})).toBe(false);
    expect(showsCashChange({ payment: { ...cash, paymentProcessor: 'STRIPE', paymentMethodType: 'CARD' } })).toBe(false);
  });
});
