import { describe, expect, it } from '@jest/globals';
import { matches } from './articles';

describe('the help search', () => {
  const faq = ['Do you offer a flat subscription or enterprise pricing?', 'Talk to us about volume.'];

  it('given a word in another form than the text has, then it still finds it (price → pricing)', () => {
    for (const query of ['price', 'prices', 'priced', 'pricing', 'Pricing', 'subscriptions']) expect([query, matches(query, ...faq)]).toEqual([query, true]);
  });

  it('given several words, then every one must be there; a word that is not, finds nothing', () => {
    expect(matches('enterprise volume', ...faq)).toBe(true);
    expect(matches('enterprise refund', ...faq)).toBe(false);
    expect(matches('tip', ...faq)).toBe(false);
  });
});
