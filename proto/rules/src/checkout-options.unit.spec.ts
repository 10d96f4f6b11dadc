import { checkoutMoneyFields, defaultCheckoutOptions, selectionsOf, type SelectionRules } from './checkout-options';

const rules = (over: Partial<SelectionRules> = {}): SelectionRules => ({ required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, ...over });

describe('selectionsOf (the catalog lists it, checkout enforces it)', () => {
  it.each([
    [rules(), 3, { minSelections: 0, maxSelections: 1 }],
    [rules({ required: true }), 3, { minSelections: 1, maxSelections: 1 }],
    [rules({ allowedMultiple: true }), 3, { minSelections: 0, maxSelections: 3 }],
    [rules({ allowedMultiple: true, selectRestriction: 2 }), 3, { minSelections: 0, maxSelections: 2 }],
    [rules({ allowedMultiple: true, selectRestriction: 2, required: true }), 3, { minSelections: 1, maxSelections: 2 }],
    [rules({ allowedMultiple: true, selectRestriction: 2, requireSelectRestriction: true }), 3, { minSelections: 2, maxSelections: 2 }],
    [rules({ selectRestriction: 2, requireSelectRestriction: true }), 3, { minSelections: 0, maxSelections: 1 }],
  ])('given rules %p and %i options, then %p', (r, count, expected) => {
    expect(selectionsOf({ rules: r, options: Array.from({ length: count }, (_, i) => i) })).toEqual(expected);
  });
});

describe('defaultCheckoutOptions', () => {
  it('given a new merchant, then it takes PICKUP at the COUNTER in USD with no tax and no fees', () => {
    const options = defaultCheckoutOptions();
    expect(options).toMatchObject({ fulfillmentTypes: { PICKUP: true, DELIVERY: false, SELF_CHECKOUT: false, TAB: false, TAG: false }, pickupMethods: { COUNTER: true }, currency: 'USD', taxRate: 0 });
    for (const minor of Object.values(checkoutMoneyFields)) expect(options[minor]).toBe(0);
  });

  it('given two calls, then each answers its own object (a caller may change its copy)', () => {
    expect(defaultCheckoutOptions()).not.toBe(defaultCheckoutOptions());
  });
});
