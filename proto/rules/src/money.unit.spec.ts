import { formatMajor, formatMinor, parseMoney, roundToMinor } from './money';

describe('money (the one algorithm)', () => {
  it('given cents, when formatted, then the currency prefix and two decimals show (seed 002 §9)', () => {
    expect(formatMinor(1950)).toBe('$19.50');
    expect(formatMinor(5, 'EUR')).toBe('€0.05');
    expect(formatMinor(-120_000, 'USD')).toBe('-$1200.00');
    expect(formatMinor(100, 'GBP')).toBe('GBP 1.00');
    expect(formatMinor(Number.NaN)).toBe('$0.00');
  });

  it('given a major amount, when rounded to cents, then halves go away from zero through the decimal text', () => {
    expect(roundToMinor(1.005)).toBe(101);
    expect(roundToMinor(-1.005)).toBe(-101);
    expect(roundToMinor(0.1 + 0.2)).toBe(30);
    expect(roundToMinor(1e-7)).toBe(0);
    expect(formatMajor(0.29)).toBe('$0.29');
    expect(formatMajor(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });

  it('given an input, when parsed, then only exact amounts of at most two places pass', () => {
    expect(parseMoney('12.50')).toEqual({ ok: true, minor: 1250 });
    expect(parseMoney(-1)).toEqual({ ok: false, refusal: 'negative' });
    expect(parseMoney('1e308')).toEqual({ ok: false, refusal: 'tooLarge' });
    expect(parseMoney('', { blank: 'zero' })).toEqual({ ok: true, minor: 0 });
  });
});
