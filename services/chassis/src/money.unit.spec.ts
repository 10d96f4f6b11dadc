import fc from 'fast-check';
import { z } from 'zod';
import { MAX_AMOUNT_MINOR, moneyInput, parseMoney, roundToMinor, toMajor, type MoneyParse } from './money';
import { anyMoneyInput, exactMinorOf, isAcceptableAmount } from './money.testkit';

const anyInput = fc.oneof(anyMoneyInput, fc.constant(undefined));

describe('parseMoney: one parser for every money input', () => {
  it.each<[unknown, MoneyParse]>([
    [12.5, { ok: true, minor: 1250 }],
    ['12.50', { ok: true, minor: 1250 }],
    [' 0.29 ', { ok: true, minor: 29 }],
    [0.29, { ok: true, minor: 29 }],
    ['1e2', { ok: true, minor: 10000 }],
    [0, { ok: true, minor: 0 }],
    [-0, { ok: true, minor: 0 }],
    ['-0', { ok: true, minor: 0 }],
    [999_999.99, { ok: true, minor: MAX_AMOUNT_MINOR }],
    [1e-7, { ok: false, refusal: 'tooPrecise' }],
    ['1e-7', { ok: false, refusal: 'tooPrecise' }],
    [5e-324, { ok: false, refusal: 'tooPrecise' }],
    [1.005, { ok: false, refusal: 'tooPrecise' }],
    [0.1 + 0.2, { ok: false, refusal: 'tooPrecise' }],
    [1_000_000, { ok: false, refusal: 'tooLarge' }],
    [1e308, { ok: false, refusal: 'tooLarge' }],
    ['1e99999999999999999999', { ok: false, refusal: 'tooLarge' }],
    ['1e-99999999999999999999', { ok: false, refusal: 'tooPrecise' }],
    ['0e99999999999999999999', { ok: true, minor: 0 }],
    [-1, { ok: false, refusal: 'negative' }],
    [NaN, { ok: false, refusal: 'invalid' }],
    [Infinity, { ok: false, refusal: 'invalid' }],
    ['abc', { ok: false, refusal: 'invalid' }],
    ['0x10', { ok: false, refusal: 'invalid' }],
    [true, { ok: false, refusal: 'invalid' }],
    [{}, { ok: false, refusal: 'invalid' }],
    [undefined, { ok: false, refusal: 'missing' }],
    [null, { ok: false, refusal: 'missing' }],
    ['  ', { ok: false, refusal: 'missing' }],
  ])('given %p, then %p', (input, expected) => {
    expect(parseMoney(input)).toEqual(expected);
  });

  it('given blank as zero, then null and blank text are 0 and undefined is still missing', () => {
    expect([parseMoney(null, { blank: 'zero' }), parseMoney(' ', { blank: 'zero' }), parseMoney(undefined, { blank: 'zero' })]).toEqual([
      { ok: true, minor: 0 }, { ok: true, minor: 0 }, { ok: false, refusal: 'missing' },
    ]);
  });

  it('given a positive amount is required, then 0, −0 and 1e-7 are refused and 0.01 is taken', () => {
    expect([0, -0, '0.00'].map((input) => parseMoney(input, { positive: true }))).toEqual(Array(3).fill({ ok: false, refusal: 'notPositive' }));
    expect(parseMoney(1e-7, { positive: true }).ok).toBe(false);
    expect(parseMoney(0.01, { positive: true })).toEqual({ ok: true, minor: 1 });
  });

  it('given a smaller maximum, then above it is too large', () => {
    expect(parseMoney(100.01, { maxMinor: 10_000 })).toEqual({ ok: false, refusal: 'tooLarge' });
    expect(parseMoney(100, { maxMinor: 10_000 })).toEqual({ ok: true, minor: 10_000 });
  });

  it('property: whatever is sent, a taken amount is an integer of 0..MAX equal to the decimal asked, and a refusal is of an input that is not one', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (input, positive) => {
        const parsed = parseMoney(input, { positive });
        const exact = exactMinorOf(input);
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.minor)).toBe(true);
          expect(Object.is(parsed.minor, -0)).toBe(false);
          expect(parsed.minor).toBeGreaterThanOrEqual(positive ? 1 : 0);
          expect(parsed.minor).toBeLessThanOrEqual(MAX_AMOUNT_MINOR);
          expect(BigInt(parsed.minor)).toBe(exact);
          expect(toMajor(parsed.minor)).toBe(Number(typeof input === 'string' ? input.trim() : input) || 0);
        } else {
          expect(isAcceptableAmount(input, { positive })).toBe(false);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('property: every amount of 0..MAX, as a number or its text, is taken back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(parseMoney(minor / 100)).toEqual({ ok: true, minor });
        expect(parseMoney((minor / 100).toFixed(2))).toEqual({ ok: true, minor });
        expect(toMajor(minor)).toBe(minor / 100);
      }),
    );
  });
});

describe('moneyInput: the zod form with the field messages', () => {
  const schema = z.object({
    price: moneyInput({ invalid: 'Price must be a number', tooPrecise: 'Price must have at most 2 decimal places', tooLarge: 'Price must be at most 999,999.99', missing: 'Price is required' }),
    tip: moneyInput({ invalid: 'Tip must be an amount of 0 or more', tooPrecise: 'Tip precise', tooLarge: 'Tip large' }).optional(),
  });
  const errorOf = (body: object) => {
    const result = schema.safeParse(body);
    return result.success ? result.data : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('given good amounts, then minor units; an absent optional stays absent', () => {
    expect(errorOf({ price: '12.50', tip: 0.29 })).toEqual({ price: 1250, tip: 29 });
    expect(errorOf({ price: 1 })).toEqual({ price: 100 });
  });

  it('given each refusal, then the field message', () => {
    expect(errorOf({})).toEqual([['price', 'Price is required']]);
    expect(errorOf({ price: 'abc' })).toEqual([['price', 'Price must be a number']]);
    expect(errorOf({ price: -1 })).toEqual([['price', 'Price must be a number']]);
    expect(errorOf({ price: 1e308 })).toEqual([['price', 'Price must be at most 999,999.99']]);
    expect(errorOf({ price: 1, tip: 1e-7 })).toEqual([['tip', 'Tip precise']]);
  });
});

describe('roundToMinor: a stored or computed major amount, never NaN', () => {
  it.each([[0.29, 29], [19.5, 1950], [1.005, 101], [-1.005, -101], [0.005, 1], [0.0049, 0], [1e-7, 0], [5e-324, 0], [-0, 0], [12.3449, 1234]])('given %p, then %p', (major, minor) => {
    expect(roundToMinor(major)).toBe(minor);
  });

  it('given a non-finite or out-of-range number, then it throws and returns no NaN', () => {
    expect(() => roundToMinor(NaN)).toThrow(RangeError);
    expect(() => roundToMinor(Infinity)).toThrow(RangeError);
    expect(() => roundToMinor(1e308)).toThrow(RangeError);
  });

  it('property: a finite number is within half a cent of its rounding', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (major) => {
        const minor = roundToMinor(major);
        expect(Number.isSafeInteger(minor)).toBe(true);
        expect(Math.abs(minor - major * 100)).toBeLessThanOrEqual(0.5 + 1e-6 * Math.max(1, Math.abs(major)));
      }),
    );
  });
});
