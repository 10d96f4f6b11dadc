import { afterEach, describe, expect, it } from '@jest/globals';
import { orderMessages as m } from '../checkout/messages';
import { applyTextTranslations, translateText } from './translate';

describe('text translations over the storefront\'s own texts (seed 002 §3)', () => {
  afterEach(() => applyTextTranslations([]));

  it('given pairs, then each applies in order to a text', () => {
    expect(translateText('Checkout now', [{ search: 'Checkout', replace: 'Pay' }, { search: 'Pay now', replace: 'Settle up' }])).toBe('Settle up');
  });

  it('given pairs, then labels and buttons change, never a price or a time given to a message', () => {
    applyTextTranslations([{ search: 'Add to order', replace: 'Add' }, { search: '9', replace: 'nine' }, { search: 'Open Today', replace: 'Today' }]);
    expect(m.addToOrder('$9.99')).toBe('Add · $9.99');
    expect(m.openToday('9:00 AM', '9:00 PM')).toBe('Today: 9:00 AM - 9:00 PM');
    expect(m.fulfillmentTypes.PICKUP).toBe('Pickup');
  });

  it('given another merchant\'s pairs, then they apply to the original words, and none restores them', () => {
    applyTextTranslations([{ search: 'Checkout', replace: 'Pay up' }]);
    expect(m.checkout).toBe('Pay up');
    applyTextTranslations([{ search: 'Pickup', replace: 'Collect' }]);
    expect([m.checkout, m.fulfillmentTypes.PICKUP]).toEqual(['Checkout', 'Collect']);
    applyTextTranslations(undefined);
    expect(m.fulfillmentTypes.PICKUP).toBe('Pickup');
  });
});
