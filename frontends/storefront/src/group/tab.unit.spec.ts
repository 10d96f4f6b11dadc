import { describe, expect, it } from '@jest/globals';
import { addsThroughSheet, modifiersOf, plainLine, roundLineItems, roundRefusal, tabCustomerErrors, tabOpenRefusal } from './tab';
import type { StorefrontModifier, StorefrontProduct } from '../domain/types';

const size: StorefrontModifier = { id: 'm1', title: 'Size', instructions: '', description: '', options: [{ id: 'o1', label: 'Small', additionalCost: 0 }, { id: 'o2', label: 'Large', additionalCost: 1 }], minSelections: 1, maxSelections: 1 };
const product = (over: Partial<StorefrontProduct>): StorefrontProduct => ({ id: 'p1', title: 'Latte', description: '', price: 4.5, images: [], code: 'L1', manageStock: false, stockQuantity: 0, soldOut: false, modifiers: [], ...over });

describe('the Open a tab form', () => {
  it('given nothing typed, when it is checked, then the first name and the email each have their own message', () => {
    expect(tabCustomerErrors({ firstName: ' ', lastName: '', email: '' })).toEqual({ firstName: 'First name is required', email: 'Please enter a valid email' });
  });

  it('given a first name and "bad" as the email, when it is checked, then only the email is wrong; a real email passes', () => {
    expect(tabCustomerErrors({ firstName: 'Fern', lastName: '', email: 'bad' })).toEqual({ email: 'Please enter a valid email' });
    expect(tabCustomerErrors({ firstName: 'Fern', lastName: '', email: ' fern@example.com ' })).toEqual({});
  });

  it('given the server refuses the customer, then its messages go to their fields and the rest is said apart', () => {
    expect(tabOpenRefusal('Please enter a valid email', { 'customer.email': 'Please enter a valid email' })).toEqual({ fields: { email: 'Please enter a valid email' }, general: [] });
    expect(tabOpenRefusal('Tab ordering is not available', undefined)).toEqual({ fields: {}, general: ['Tab ordering is not available'] });
  });
});

describe('a tab’s round', () => {
  it('given a product with a modifier, then Add opens the product sheet; without one (or with one the menu no longer has), it adds at once', () => {
    expect(addsThroughSheet(product({ modifiers: ['m1'] }), { m1: size })).toBe(true);
    expect(addsThroughSheet(product({}), { m1: size })).toBe(false);
    expect(addsThroughSheet(product({ modifiers: ['gone'] }), { m1: size })).toBe(false);
    expect(modifiersOf(product({ modifiers: ['gone', 'm1'] }), { m1: size })).toEqual([size]);
  });

  it('given a product without options, then its line is one of it at its price, sent as the rounds call takes it', () => {
    const line = plainLine(product({}));
    expect(line).toMatchObject({ productId: 'p1', title: 'Latte', quantity: 1, unitPriceMinor: 450, modifiers: [], optionLabels: [] });
    expect(roundLineItems([{ ...line, quantity: 2 }])).toEqual([{ productId: 'p1', quantity: 2, modifiers: [] }]);
  });

  it('given a refused round, then a line’s message goes to that line and the rest is said under the round', () => {
    expect(roundRefusal('Size is required', { 'lineItems.1.modifiers': 'Size is required' })).toEqual({ lines: { 1: 'Size is required' }, general: [] });
    expect(roundRefusal('Latte is out of stock', undefined)).toEqual({ lines: {}, general: ['Latte is out of stock'] });
  });
});
