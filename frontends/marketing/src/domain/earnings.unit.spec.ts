import { describe, expect, it } from '@jest/globals';
import { clampInput, EARNINGS_DEFAULTS, formatDollars, monthlyEarnings } from './earnings';

describe('the earnings calculator (seed 001 §9)', () => {
  it('given the defaults (20 merchants, 10 daily orders), then the estimate is 20 × 10 × 0.5 × 30 = $3,000.00', () => {
    const amount = monthlyEarnings(EARNINGS_DEFAULTS.merchants, EARNINGS_DEFAULTS.dailyOrders);
    expect(amount).toBe(3000);
    expect(formatDollars(amount)).toBe('$3,000.00');
  });

  it('given other inputs, then the formula scales and shows two decimals', () => {
    expect(formatDollars(monthlyEarnings(1, 1))).toBe('$15.00');
    expect(formatDollars(monthlyEarnings(3, 7))).toBe('$315.00');
    expect(formatDollars(monthlyEarnings(1, 0.1))).toBe('$1.50');
    expect(formatDollars(monthlyEarnings(1000, 100))).toBe('$1,500,000.00');
  });

  it('given a blank input, then it stays blank and counts as 0', () => {
    expect(clampInput('')).toBe('');
    expect(clampInput('   ')).toBe('');
    expect(monthlyEarnings('', 10)).toBe(0);
    expect(formatDollars(monthlyEarnings(20, ''))).toBe('$0.00');
  });

  it('given a negative or non-numeric input, then it is clamped to 0; a valid one is kept', () => {
    expect(clampInput('-5')).toBe(0);
    expect(clampInput('-0.5')).toBe(0);
    expect(clampInput('abc')).toBe(0);
    expect(clampInput('12')).toBe(12);
    expect(clampInput('2.5')).toBe(2.5);
  });
});
