import { describe, expect, it } from '@jest/globals';
import { toFormValues, toProductInput } from './values';

describe("the product form's body", () => {
  const counted = { ...toFormValues(), title: ' Nachos ', price: '8.5', manageStock: true, stockQuantity: '12.7' };

  it('given stock managed, then the count is sent as a whole number', () => {
    expect(toProductInput(counted, false)).toMatchObject({ title: 'Nachos', price: 8.5, manageStock: true, stockQuantity: 12 });
  });

  it('given stock not managed, then no count is sent, so the stored one is kept for when it is managed again (it was sent as 0)', () => {
    const body = toProductInput({ ...counted, manageStock: false }, false);
    expect(body.manageStock).toBe(false);
    expect('stockQuantity' in body).toBe(false);
  });
});
