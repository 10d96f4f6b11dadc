import fc from 'fast-check';
import { formatMajor as serverFormat, parseMoney, roundToMinor } from '@seatside/chassis';
// eslint-disable-next-line @nx/enforce-module-boundaries -- this contract spec holds the storefront app's own function against the server's
import { formatMajor as storefrontFormat, toMinor as storefrontToMinor } from '@seatside/storefront-app/src/domain/money';
import { toMinor as ordersToMinor } from '@seatside/orders/src/pricing/money';

// Contracts (issue 15, item 4): money is one algorithm. The storefront prices a cart with the same
// function the orders service prices the order with, so a diner never sees one total and pays another.
describe('money: one rule for the server and the storefront', () => {
  it('given 1.005 and 0.1 + 0.2, when the server and the storefront price them, then both give 101 and 30 cents', () => {
    for (const major of [1.005, 0.1 + 0.2]) {
      expect(storefrontToMinor(major)).toBe(ordersToMinor(major));
      expect(storefrontFormat(major)).toBe(serverFormat(major));
    }
    expect(ordersToMinor(1.005)).toBe(101);
    expect(ordersToMinor(0.1 + 0.2)).toBe(30);
    expect(storefrontFormat(1.005)).toBe('$1.01');
  });

  it('given any major amount a cart may hold, when both sides convert it, then they agree to the cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1_000_000, max: 1_000_000, noNaN: true }), (major) => {
        expect(storefrontToMinor(major)).toBe(ordersToMinor(major));
        expect(storefrontFormat(major)).toBe(serverFormat(major));
      }),
      { numRuns: 2_000 },
    );
  });

  it('given sums of cent amounts, when rounded, then the float noise never moves a cent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 20 }), (cents) => {
        const major = cents.reduce((sum, c) => sum + c / 100, 0);
        expect(roundToMinor(major)).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('given a typed amount, when the server parses it, then the exact cents come back and a third decimal is refused', () => {
    expect(parseMoney('1.005')).toEqual({ ok: false, refusal: 'tooPrecise' });
    expect(parseMoney(0.1 + 0.2)).toEqual({ ok: false, refusal: 'tooPrecise' });
    expect(parseMoney('19.5')).toEqual({ ok: true, minor: 1950 });
  });
});
