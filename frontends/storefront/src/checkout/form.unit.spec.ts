import { describe, expect, it } from '@jest/globals';
import type { CartLine } from '../cart/lines';
import { addLine, lineKey, lineModifiers, subtotalMinor } from '../cart/lines';
import type { PublicCheckoutOptions } from '../domain/types';
import { freshTag, TAG_MAX_AGE_MS } from '../cart/store';
import { enabledTypes } from '../domain/fulfillment';
import { checkoutBody, initialForm, placedErrors, quoteBody, tagRefusal, withoutTag, withoutTagErrors } from './form';

const options: PublicCheckoutOptions = {
  fulfillmentTypes: { PICKUP: true }, pickupMethods: { COUNTER: true }, paused: false, collectTips: false, preparationTime: 15, pickUpPaddingTime: 0,
  pickupTimeSlotsInterval: 15, minimumOrderAmount: 0, enablePayLater: false, enableCoupons: false, anonymousSelfCheckout: false,
  requireAgeRestriction: false, ageRestriction: 21, currency: 'USD',
};
const line: CartLine = { key: 'p1|m1:o1', productId: 'p1', title: 'Nachos', quantity: 2, unitPriceMinor: 875, modifiers: [{ modifierId: 'm1', optionIds: ['o1'] }], optionLabels: ['Salsa'] };
const customer = { firstName: 'Dana', lastName: 'Diner', email: 'dana@example.com', phone: '' };

describe('the cart', () => {
  it('given the same product with the same choices twice, then it is one line with both quantities', () => {
    const mods = lineModifiers(['m1', 'm2'], { m1: ['o1'], m2: [] });
    expect(mods).toEqual([{ modifierId: 'm1', optionIds: ['o1'] }]);
    const lines = addLine(addLine([], { ...line, key: lineKey('p1', mods), quantity: 1 }), { ...line, key: lineKey('p1', mods), quantity: 2 });
    expect(lines.map((l) => l.quantity)).toEqual([3]);
    expect(subtotalMinor(lines)).toBe(3 * 875);
  });
});

describe('the remembered seat', () => {
  it('given a tag scanned within the event, then it is kept; an older one is dropped', () => {
    const tag = { id: 't1', code: 'abc', label: 'Table 12 · Seat 2C', at: 1_000 };
    expect(freshTag(tag, 1_000 + TAG_MAX_AGE_MS)).toBe(tag);
    expect(freshTag(tag, 1_001 + TAG_MAX_AGE_MS)).toBeNull();
    expect(freshTag(null, 0)).toBeNull();
  });
});

describe('the checkout body (docs/orders-api.md)', () => {
  it('given a pickup order paid in cash, then it sends the lines, the fulfillment, the customer and no prices', () => {
    const form = { ...initialForm(options, null), ...customer };
    expect(checkoutBody(form, [line], options, null, false)).toEqual({
      lineItems: [{ productId: 'p1', quantity: 2, modifiers: [{ modifierId: 'm1', optionIds: ['o1'] }] }],
      fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
      paymentProcessor: 'CASH',
      customer,
    });
  });

  it('given a tag, then its id goes with the order and pickup is at the table when the store offers it', () => {
    const tag = { id: 't1', code: 'abc', label: 'Table 12 · Seat 2C' };
    const withTable = { ...options, pickupMethods: { COUNTER: true, TABLE: true } };
    const body = checkoutBody({ ...initialForm(withTable, tag), ...customer }, [line], withTable, tag, true);
    expect(body).toMatchObject({ tagId: 't1', testMode: true, fulfillment: { type: 'PICKUP', pickupMethod: 'TABLE' } });
  });

  it("given TAG on and a tag, then 'Deliver to …' is the first choice; corrected values go only where the store allows edits; without a tag TAG is not offered", () => {
    const tag = { id: 't1', code: 'abc', label: 'Section 104 · Seat 2C', metadata: [{ key: 'Section', value: '104' }, { key: 'Seat', value: '2C' }] };
    const tagOn = { ...options, fulfillmentTypes: { PICKUP: true, TAG: true } };
    expect(enabledTypes(tagOn, null)).toEqual(['PICKUP']);
    expect(enabledTypes(tagOn, tag)).toEqual(['TAG', 'PICKUP']);
    const moved = { ...initialForm(tagOn, tag), ...customer, tagValues: { Section: '104', Seat: '3D' } };
    expect(checkoutBody(moved, [line], tagOn, tag, false).fulfillment).toEqual({ type: 'TAG', tagId: 't1' });
    const editable = { ...tagOn, enableTagMetadataEdit: true };
    expect(checkoutBody(moved, [line], editable, tag, false).fulfillment).toEqual({ type: 'TAG', tagId: 't1', metadata: [{ key: 'Section', value: '104' }, { key: 'Seat', value: '3D' }] });
  });

  it('given what the store does not take (tips, coupons, pay later), then it is not sent; what it takes is', () => {
    const form = { ...initialForm(options, null), ...customer, tip: '2.50', couponCode: 'tenoff', paymentProcessor: 'TBD' as const };
    expect(checkoutBody(form, [line], options, null, false)).not.toHaveProperty('tip');
    const open = { ...options, collectTips: true, enableCoupons: true, enablePayLater: true, requireAgeRestriction: true };
    expect(checkoutBody({ ...form, ageConfirmed: true }, [line], open, null, false)).toMatchObject({ tip: 2.5, couponCode: 'TENOFF', paymentProcessor: 'TBD', ageConfirmed: true });
  });

  it('given a typed tip, then an amount of whole cents goes as a number, a blank or zero as none, and anything else as typed, for the server to refuse', () => {
    const open = { ...options, collectTips: true };
    const tipOf = (tip: string) => checkoutBody({ ...initialForm(open, null), ...customer, tip }, [line], open, null, false).tip;
    expect(['2.50', '$2.5', ' 3 ', '', '0', '0.00'].map(tipOf)).toEqual([2.5, 2.5, 3, undefined, undefined, undefined]);
    expect(['1.234', '-5', 'abc', '1e2'].map(tipOf)).toEqual(['1.234', '-5', 'abc', '1e2']);
  });

  it('given Card chosen, then STRIPE only while the merchant takes cards (GET …/payments/card); else cash', () => {
    const form = { ...initialForm(options, null), ...customer, paymentProcessor: 'STRIPE' as const };
    const card = { processor: 'STRIPE' as const, publishableKey: 'pk_test_1', accountId: 'acct_1' };
    expect(checkoutBody(form, [line], options, null, false, card).paymentProcessor).toBe('STRIPE');
    expect(checkoutBody(form, [line], options, null, false, null).paymentProcessor).toBe('CASH');
  });

  it('given an anonymous self checkout, then no customer is sent', () => {
    const selfCheckout = { ...options, fulfillmentTypes: { SELF_CHECKOUT: true }, anonymousSelfCheckout: true };
    expect(enabledTypes(selfCheckout)).toEqual(['SELF_CHECKOUT']);
    const body = checkoutBody(initialForm(selfCheckout, null), [line], selfCheckout, null, false);
    expect(body.fulfillment).toEqual({ type: 'SELF_CHECKOUT' });
    expect(body).not.toHaveProperty('customer');
  });

  it('given a delivery, then the address goes with it', () => {
    const delivery = { ...options, fulfillmentTypes: { DELIVERY: true } };
    const form = { ...initialForm(delivery, null), ...customer, line1: ' 1 Main St ', city: 'Springfield', state: 'IL', postalCode: '62701' };
    expect(checkoutBody(form, [line], delivery, null, false).fulfillment).toEqual({ type: 'DELIVERY', address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' } });
  });
});

describe('the price quote body (docs/orders-api.md, Price quote)', () => {
  it('given a delivery by a named, age-confirmed diner with a tip, a coupon and a tag, then all that prices it goes, and not who orders nor where to', () => {
    const open = { ...options, fulfillmentTypes: { DELIVERY: true }, collectTips: true, enableCoupons: true, requireAgeRestriction: true };
    const form = { ...initialForm(open, null), ...customer, ageConfirmed: true, line1: '1 Main St', city: 'Springfield', tip: '2', couponCode: 'tenoff' };
    const tag = { id: 't1', code: 'abc', label: 'Table 12', at: 0 };
    expect(quoteBody(checkoutBody(form, [line], open, tag, true))).toEqual({
      lineItems: [{ productId: 'p1', quantity: 2, modifiers: [{ modifierId: 'm1', optionIds: ['o1'] }] }],
      fulfillment: { type: 'DELIVERY' },
      paymentProcessor: 'CASH',
      couponCode: 'TENOFF',
      tip: 2,
      tagId: 't1',
      testMode: true,
    });
  });
});

describe('a refusal shown by the fields', () => {
  it('given field errors, then each goes to its field, a line error to its line, the rest above the button', () => {
    const shown = placedErrors('First name is required', {
      'customer.firstName': 'First name is required',
      'fulfillment.address.line1': 'A delivery address is required',
      'lineItems.0.modifiers.0.optionIds': 'Choose at least 1 for Sauce',
      customer: 'Your name and email are required',
    });
    expect(shown).toEqual({
      fields: { 'customer.firstName': 'First name is required', 'fulfillment.address.line1': 'A delivery address is required', customer: 'Your name and email are required' },
      lines: { 0: 'Choose at least 1 for Sauce' },
      general: [],
    });
  });

  it('given a refusal that names no field, then its message is shown on its own', () => {
    expect(placedErrors('This store is not taking orders right now', undefined)).toEqual({ fields: {}, lines: {}, general: ['This store is not taking orders right now'] });
  });
});

describe('a refused tag (deleted since it was scanned, another store’s)', () => {
  const tagOn: PublicCheckoutOptions = { ...options, fulfillmentTypes: { TAG: true, PICKUP: true }, pickupMethods: { TABLE: true, COUNTER: true } };
  const tag = { id: 't1', code: 'abc', label: 'Section 104 · Seat 2C', metadata: [{ key: 'Seat', value: '2C' }] };
  const gone = 'This tag no longer exists. Please scan the tag at your seat again';

  it('given a refusal on the TAG order’s tag or on a pickup’s tag, then it is the tag’s; a refusal of anything else is not', () => {
    expect(tagRefusal(placedErrors(gone, { 'fulfillment.tagId': gone }))).toBe(gone);
    expect(tagRefusal(placedErrors(gone, { tagId: gone }))).toBe(gone);
    expect(tagRefusal(placedErrors('Coupon not found', { couponCode: 'Coupon not found' }))).toBeUndefined();
    expect(tagRefusal(undefined)).toBeUndefined();
  });

  it('given a TAG order at the seat, when the tag is forgotten, then it becomes a pickup at the counter, with what the diner typed kept', () => {
    const form = { ...initialForm(tagOn, tag), ...customer };
    expect([form.type, form.pickupMethod]).toEqual(['TAG', 'TABLE']);
    const after = withoutTag(form, tagOn);
    expect([after.type, after.pickupMethod, after.firstName, after.tagValues]).toEqual(['PICKUP', 'COUNTER', 'Dana', {}]);
    expect(checkoutBody(after, [line], tagOn, null, false).fulfillment).toEqual({ type: 'PICKUP', pickupMethod: 'COUNTER' });
  });

  it('given the refusal that named the tag, when the tag is forgotten, then its field error goes and the rest stays', () => {
    const refused = placedErrors('Invalid', { 'fulfillment.tagId': gone, couponCode: 'Coupon not found' });
    expect(withoutTagErrors(refused).fields).toEqual({ couponCode: 'Coupon not found' });
  });
});
