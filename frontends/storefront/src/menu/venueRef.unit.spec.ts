import { describe, expect, it } from '@jest/globals';
import { venueRef } from './venueRef';

const storage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe("the way back to the venue from a merchant's page", () => {
  it("given a fan who came from the venue's page (?ref=), when checkout's Back to menu brings them to the page without it, then it still leads back to the venue", () => {
    const kept = storage();
    expect(venueRef(new URLSearchParams('ref=harbor-arena'), 'brew-cart', kept)).toBe('harbor-arena');
    expect(venueRef(new URLSearchParams(''), 'brew-cart', kept)).toBe('harbor-arena');
  });

  it('given a fan who came to another merchant from the venue, or to this one not from a venue, then no way back', () => {
    const kept = storage();
    venueRef(new URLSearchParams('ref=harbor-arena'), 'brew-cart', kept);
    expect(venueRef(new URLSearchParams(''), 'nacho-stand', kept)).toBeNull();
    expect(venueRef(new URLSearchParams(''), 'brew-cart', undefined)).toBeNull();
  });

  it('given a ref that is not a handle, then it is neither shown nor kept', () => {
    const kept = storage();
    expect(venueRef(new URLSearchParams('ref=//evil.example'), 'brew-cart', kept)).toBeNull();
    expect(venueRef(new URLSearchParams(''), 'brew-cart', kept)).toBeNull();
  });

  it('given storage that refuses, then the address ref still shows', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(venueRef(new URLSearchParams('ref=harbor-arena'), 'brew-cart', refusing)).toBe('harbor-arena');
    expect(venueRef(new URLSearchParams(''), 'brew-cart', refusing)).toBeNull();
  });
});
