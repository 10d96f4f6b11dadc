import { describe, expect, it } from '@jest/globals';
import { awaitsCard } from './payment';

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
