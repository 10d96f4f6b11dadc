import { describe, expect, it } from '@jest/globals';
import { changeLabel, counterAt, DEFAULT_RANGE, goalProgress, money, pointLabel, rangesOf, storedRange, storeRange } from './format';

const memory = () => {
  const kept = new Map<string, string>();
  return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
};

describe('the sales widgets on screen (seed 002 §4, §9)', () => {
  it('given no choice yet, then a widget shows the week; a choice is remembered per widget', () => {
    const storage = memory();
    expect(storedRange('tax', storage)).toBe(DEFAULT_RANGE);
    expect(DEFAULT_RANGE).toBe('week');
    storeRange('tax', 'quarter', storage);
    expect(storedRange('tax', storage)).toBe('quarter');
    expect(storedRange('tips', storage)).toBe('week');
  });
  it('given Quarterly kept for a widget other than Tax, then it reads the default', () => {
    const storage = memory();
    storage.setItem('seatside.stats.range.sales', 'quarter');
    expect(storedRange('sales', storage)).toBe('week');
    expect(rangesOf('tax')).toContain('quarter');
    expect(rangesOf('refunds')).not.toContain('quarter');
  });
  it('given a counter, then it runs 0.5 s from where it was to the value, and lands exactly on it', () => {
    expect(counterAt(0, 100, 0)).toBe(0);
    expect(counterAt(0, 100, 250)).toBeGreaterThan(50);
    expect(counterAt(0, 100, 499)).toBeLessThan(100);
    expect(counterAt(0, 100, 500)).toBe(100);
    expect(counterAt(40, 10, 10_000)).toBe(10);
  });
  it("given amounts, then the merchant's currency with 2 decimals", () => {
    expect(money(1234.5, 'USD')).toBe('$1,234.50');
    expect(money(12, 'EUR')).toBe('€12.00');
  });
  it('given a change, then one decimal and a plus sign when positive', () => {
    expect(changeLabel(100)).toBe('+100.0%');
    expect(changeLabel(0)).toBe('0.0%');
    expect(changeLabel(-3.25)).toBe('-3.3%');
  });
  it('given goals, then the progress in percent, capped at 100; none when unset', () => {
    expect(goalProgress(5, 10)).toBe(50);
    expect(goalProgress(30, 10)).toBe(100);
    expect(goalProgress(5, 0)).toBeNull();
    expect(goalProgress(5, undefined)).toBeNull();
  });

  it('given the points of each kind of series, then the axis names hours, weekdays, days and months, and a month with its year never reads as a day', () => {
    expect(pointLabel(0, 'predicted-revenue')).toBe('00:00');
    expect(pointLabel(13, 'refunds', 'today')).toBe('13:00');
    expect(pointLabel('Wed', 'sales-this-week')).toBe('Wed');
    expect(pointLabel('11', 'year-over-year')).toBe('Nov');
    expect(pointLabel('2026-11-29', 'sales', 'week')).toBe('Sun 29');
    expect(pointLabel('2026-11-07', 'tax', 'month')).toBe('Nov 7');
    expect(pointLabel('2026-01', 'tips', 'year')).toBe('Jan ’26');
    expect(pointLabel('2025-12', 'sales', 'all')).toBe('Dec ’25');
  });
});
