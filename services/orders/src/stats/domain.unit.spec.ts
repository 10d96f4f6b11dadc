import type { DayHoursView } from '../catalog/view';
import {
  addMonths, changeText, contributionOf, localDayHour, monthsBetween, percentChange, predictionDays, predictionHours, predictRevenue, rangeDays, rangesOf, weekStart, zero,
  type OrderFacts,
} from './domain';

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  totals: { subtotal: 1000, amountDue: 1200, tax: 100, tip: 100 },
  paidMinor: 0, refundedMinor: 0, refundedTaxMinor: 0, cancelled: false, ...over,
});
const day = (d: string, open: string | null, close: string | null, extra: Partial<DayHoursView> = {}): DayHoursView => ({ day: d, isOpen: true, openAllDay: false, open, close, ...extra });

describe('the sales widgets rules (seed 002 §9)', () => {
  describe('last month change', () => {
    it('given the month before at 0 and the last month above 0, then 100', () => {
      expect(percentChange(5000, 0)).toBe(100);
    });
    it('given both months at 0, then 0', () => {
      expect(percentChange(0, 0)).toBe(0);
    });
    it('given 150 after 120, then +25.0 (one decimal, a plus sign when positive)', () => {
      expect(percentChange(150, 120)).toBe(25);
      expect(changeText(percentChange(150, 120))).toBe('+25.0');
    });
    it('given 100 after 300, then -66.7; and no change reads 0.0 without a sign', () => {
      expect(changeText(percentChange(100, 300))).toBe('-66.7');
      expect(changeText(percentChange(300, 300))).toBe('0.0');
      expect(changeText(percentChange(0, 0))).toBe('0.0');
      expect(changeText(percentChange(1, 0))).toBe('+100.0');
    });
  });

  describe('the week starts on Sunday', () => {
    it('given Wednesday 25 November 2026, then the week is Sunday 22 to today', () => {
      expect(weekStart('2026-11-25')).toBe('2026-11-22');
      expect(rangeDays('week', '2026-11-25')).toEqual({ from: '2026-11-22', to: '2026-11-25' });
    });
    it('given a Sunday, then the week starts that day; given a Saturday, the Sunday before', () => {
      expect(weekStart('2026-11-22')).toBe('2026-11-22');
      expect(weekStart('2026-11-28')).toBe('2026-11-22');
    });
    it('given a week across a month and a year, then it starts in the month before', () => {
      expect(weekStart('2027-01-01')).toBe('2026-12-27');
    });
  });

  describe('ranges', () => {
    it('given today, month, quarter, year and all, then their local days', () => {
      expect(rangeDays('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
      expect(rangeDays('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
      expect(rangeDays('quarter', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-11-25' });
      expect(rangeDays('quarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
      expect(rangeDays('year', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
      expect(rangeDays('all', '2026-11-25')).toEqual({ from: null, to: '2026-11-25' });
    });
    it('given the widgets, then Quarterly is offered for Tax only', () => {
      expect(rangesOf('tax')).toContain('quarter');
      for (const widget of ['refunds', 'tips', 'sales'] as const) expect(rangesOf(widget)).toEqual(['today', 'week', 'month', 'year', 'all']);
    });
    it('given month arithmetic across years, then the months between both ends', () => {
      expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
      expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    });
  });

  describe('predicted revenue', () => {
    it('given hours 0900-1700 today, then 8 hourly points, 9 to 16', () => {
      const hours = predictionHours([day('Wednesday', '0900', '1700')], 3);
      expect(hours).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    });
    it('given open all day, or no hours, or no entry for today, then 24 points', () => {
      expect(predictionHours([day('Wednesday', null, null, { openAllDay: true })], 3)).toHaveLength(24);
      expect(predictionHours([], 3)).toHaveLength(24);
      expect(predictionHours(undefined, 3)).toHaveLength(24);
      expect(predictionHours([day('Monday', '0900', '1700')], 3)).toHaveLength(24);
    });
    it('given the times, then only their first two digits count (17:30 closes the range at 17); past midnight wraps', () => {
      expect(predictionHours([day('wed', '09:15', '17:30')], 3)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
      expect(predictionHours([day('Friday', '2000', '0200')], 5)).toEqual([20, 21, 22, 23, 0, 1]);
    });
    it('given a day marked closed, then no hours', () => {
      expect(predictionHours([day('Wednesday', '0900', '1700', { isOpen: false })], 3)).toEqual([]);
    });
    it('given orders 7, 14, 21 and 28 days back, then each hour is their sum divided by 4 (a missing week counts as 0)', () => {
      expect(predictionDays('2026-11-25')).toEqual(['2026-11-18', '2026-11-11', '2026-11-04', '2026-10-28']);
      const byDayHour = new Map([
        ['2026-11-18 9', 1000], ['2026-11-11 9', 2000], ['2026-11-04 9', 3000], ['2026-10-28 9', 4000],
        ['2026-11-18 10', 400], ['2026-11-25 10', 99_999], ['2026-10-21 10', 99_999],
      ]);
      expect(predictRevenue(byDayHour, '2026-11-25', [9, 10, 11])).toEqual([{ x: 9, y: 2500 }, { x: 10, y: 100 }, { x: 11, y: 0 }]);
    });
  });

  describe('local days and hours', () => {
    it('given one instant, then New York, Tokyo and UTC see different days and hours', () => {
      const at = new Date('2026-11-26T03:30:00Z');
      expect(localDayHour(at, 'America/New_York')).toEqual({ day: '2026-11-25', hour: 22 });
      expect(localDayHour(at, 'Asia/Tokyo')).toEqual({ day: '2026-11-26', hour: 12 });
      expect(localDayHour(at, 'UTC')).toEqual({ day: '2026-11-26', hour: 3 });
    });
    it('given midnight local, then hour 0 (not 24)', () => {
      expect(localDayHour(new Date('2026-11-26T05:00:00Z'), 'America/New_York')).toEqual({ day: '2026-11-26', hour: 0 });
    });
    it('given instants seconds apart across a DST change and a quarter-hour zone\'s midnight, then each reads as formatting it alone would (a minute remembered is never stale)', () => {
      const formatted = (at: Date, timeZone: string) => {
        const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
        return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
      };
      const spans: Array<[string, string]> = [
        ['America/New_York', '2026-03-08T06:58:00Z'], // 01:58 EST, then 03:00 EDT at 07:00Z
        ['Asia/Kathmandu', '2026-11-26T18:13:00Z'], // 23:58 +05:45, then midnight at 18:15Z
        ['Australia/Lord_Howe', '2026-04-04T14:58:00Z'], // half-hour DST ends at 02:00 local
      ];
      for (const [zone, from] of spans) {
        for (let ms = Date.parse(from); ms < Date.parse(from) + 5 * 60_000; ms += 7_000) {
          expect([zone, new Date(ms).toISOString(), localDayHour(new Date(ms), zone)]).toEqual([zone, new Date(ms).toISOString(), formatted(new Date(ms), zone)]);
        }
      }
    });
  });

  describe("an order's share of its bucket", () => {
    it('given a placed order, then it counts as an order with its amountDue, not as a sale', () => {
      expect(contributionOf(facts())).toEqual({ ...zero, orders: 1, amountDue: 1200 });
    });
    it('given it paid, then it is a sale of its subtotal, tax and tip, realized at what was paid', () => {
      expect(contributionOf(facts({ paidMinor: 1200 }))).toEqual({ orders: 1, paidOrders: 1, subtotal: 1000, realizedTotal: 1200, amountDue: 1200, amountRefunded: 0, tax: 100, tip: 100 });
    });
    it('given a partial refund, then the realized total and the tax drop by the refund and it stays a sale', () => {
      expect(contributionOf(facts({ paidMinor: 1200, refundedMinor: 300, refundedTaxMinor: 25 }))).toMatchObject({ paidOrders: 1, subtotal: 1000, realizedTotal: 900, amountRefunded: 300, tax: 75 });
    });
    it('given a full refund, then it is no longer a sale (REFUNDED, not PAID) and realizes nothing', () => {
      expect(contributionOf(facts({ paidMinor: 1200, refundedMinor: 1200, refundedTaxMinor: 100 }))).toEqual({ ...zero, orders: 1, amountDue: 1200, amountRefunded: 1200 });
    });
    it('given a cancel, then it leaves the orders and the sales; a refund with it stays a refund', () => {
      expect(contributionOf(facts({ cancelled: true }))).toEqual(zero);
      expect(contributionOf(facts({ paidMinor: 1200, refundedMinor: 1200, cancelled: true }))).toEqual({ ...zero, amountRefunded: 1200 });
    });
  });
});
