import { z } from 'zod';
import { quoteSchema, type Queryable, type ReadModelStore } from '@seatside/chassis';
import { DEFAULT_TIME_ZONE } from '../catalog/messages';
import { catalogMerchants, type MerchantView } from '../catalog/view';
import {
  addDays, addMonths, changeText, localDayHour, major, monthOf, monthsBetween, percentChange, predictionDays, predictionHours, predictRevenue, rangeDays, seriesUnitOf, weekdayOfDay, weekStart,
  ranges, widgets, type LocalDay, type Range, type Widget,
} from './domain';
import { columns, type StatsTables } from './store';

/** A widget's answer (docs/orders-api.md "Sales stats"): money in major units, counts as counts. */
export interface WidgetAnswer {
  widget: Widget;
  value: number;
  series?: { x: string | number; y: number; previous?: number }[];
  change?: number;
  changeText?: string;
  range?: Range;
  currency: string;
  /** Predicted revenue and the goals read today's figures too. */
  today?: { orders: number; revenue: number };
  timeZone: string;
}

/** `WidgetAnswer` in the OpenAPI document (src/openapi.ts). */
export const widgetAnswer = z.object({
  widget: z.enum(widgets),
  value: z.number(),
  series: z.array(z.object({ x: z.union([z.string(), z.number()]), y: z.number(), previous: z.number().optional() })).optional(),
  change: z.number().optional(),
  changeText: z.string().optional(),
  range: z.enum(ranges).optional(),
  currency: z.string(),
  today: z.object({ orders: z.number(), revenue: z.number() }).optional(),
  timeZone: z.string(),
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const RANGE_COLUMN = { refunds: 'amountRefunded', tax: 'tax', tips: 'tip', sales: 'realizedTotal' } as const satisfies Partial<Record<Widget, keyof typeof columns>>;

/**
 * Reads the widgets from the buckets (never from the orders): one query per answer, an indexed range
 * scan of the day roll-up (days and months: at most 366 rows a year per merchant and mode) or of the
 * hourly buckets (today, predicted revenue: at most 5 days of hours).
 */
export function statsReader(db: Queryable, schema: string, tables: StatsTables, readModels: ReadModelStore, now: () => Date) {
  const s = quoteSchema(schema);
  const where = `merchant_id = $1 AND test_mode = $2`;
  const num = (v: unknown) => Number(v ?? 0);

  /** A column summed by hour (the hourly buckets), by day or by month (the day roll-up) over [from, to]. */
  async function grouped(merchantId: string, testMode: boolean, column: string, unit: 'hour' | 'day' | 'month', from: LocalDay | null, to: LocalDay | null): Promise<Map<string, number>> {
    const key = unit === 'hour' ? `hour::text` : unit === 'day' ? `to_char(day, 'YYYY-MM-DD')` : `to_char(day, 'YYYY-MM')`;
    const table = unit === 'hour' ? tables.buckets : tables.days;
    const range = [from === null ? '' : ' AND day >= $3::date', to === null ? '' : ` AND day <= $${from === null ? 3 : 4}::date`].join('');
    const { rows } = await db.query<{ k: string; total: string }>(
      `SELECT ${key} AS k, sum(${column}) AS total FROM ${table} WHERE ${where}${range} GROUP BY 1`,
      [merchantId, testMode, ...(from === null ? [] : [from]), ...(to === null ? [] : [to])],
    );
    return new Map(rows.map((r) => [r.k, num(r.total)]));
  }

  const total = (values: Map<string, number>) => [...values.values()].reduce((a, b) => a + b, 0);
  /** The first month with a bucket (the keys of a month grouping since the beginning). */
  const firstMonth = (byMonth: Map<string, number>): string | null => [...byMonth.keys()].reduce<string | null>((a, b) => (a === null || b < a ? b : a), null);

  const daysFrom = (from: LocalDay, to: LocalDay) => {
    const days: LocalDay[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
    return days;
  };

  /** The merchant's zone, currency and hours (the orders' copy of the catalog). */
  const merchantOf = (merchantId: string) => readModels.collection<MerchantView>(catalogMerchants).get(merchantId);

  /** `merchant`: the merchant's read already on its way (the router starts it beside the membership read). */
  async function read(merchantId: string, testMode: boolean, widget: Widget, range: Range, merchantRead?: Promise<MerchantView | null>): Promise<WidgetAnswer> {
    const merchant = await (merchantRead ?? merchantOf(merchantId));
    const timeZone = merchant?.timeZone ?? DEFAULT_TIME_ZONE;
    const currency = merchant?.checkoutOptions?.currency ?? 'USD';
    const today = localDayHour(now(), timeZone).day;
    const base = { widget, currency, timeZone };
    switch (widget) {
      case 'all-time-sales': {
        const byMonth = await grouped(merchantId, testMode, columns.subtotal, 'month', null, null);
        const months = monthsBetween(firstMonth(byMonth) ?? monthOf(today), monthOf(today));
        const series = months.map((m) => ({ x: m, y: major(byMonth.get(m) ?? 0) }));
        return { ...base, value: major(total(byMonth)), series };
      }
      case 'customers': {
        const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${tables.customers} WHERE ${where}`, [merchantId, testMode]);
        return { ...base, value: num(rows[0]?.n) };
      }
      case 'out-of-stock': {
        const { rows } = await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${s}."rm_catalog_products" p JOIN ${s}.stock k ON k.product_id = p.id
           WHERE p.doc->>'merchantId' = $1 AND (p.doc->>'testMode')::boolean = $2 AND k.managed AND k.remaining <= 0`,
          [merchantId, testMode],
        );
        return { ...base, value: num(rows[0]?.n) };
      }
      case 'users': {
        const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${s}."rm_tenant_memberships" WHERE doc->>'collection' = 'merchants' AND doc->>'tenantId' = $1`, [merchantId]);
        return { ...base, value: num(rows[0]?.n) };
      }
      case 'predicted-revenue': {
        const days = predictionDays(today);
        const { rows } = await db.query<{ day: string; hour: number; orders: string; amount_due: string }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, hour, orders, amount_due FROM ${tables.buckets} WHERE ${where} AND day = ANY($3::date[])`,
          [merchantId, testMode, [...days, today]],
        );
        const byDayHour = new Map(rows.map((r) => [`${r.day} ${r.hour}`, num(r.amount_due)]));
        const points = predictRevenue(byDayHour, today, predictionHours(merchant?.hours, weekdayOfDay(today)));
        const todays = rows.filter((r) => r.day === today);
        return {
          ...base,
          value: major(points.reduce((a, p) => a + p.y, 0)),
          series: points.map((p) => ({ x: p.x, y: major(p.y) })),
          today: { orders: todays.reduce((a, r) => a + num(r.orders), 0), revenue: major(todays.reduce((a, r) => a + num(r.amount_due), 0)) },
        };
      }
      case 'refunds':
      case 'tax':
      case 'tips':
      case 'sales': {
        const column = columns[RANGE_COLUMN[widget]];
        const { from, to } = rangeDays(range, today);
        const unit = seriesUnitOf(range);
        const byKey = await grouped(merchantId, testMode, column, unit, from, to);
        let keys: string[];
        if (unit === 'hour') keys = Array.from({ length: 24 }, (_, h) => String(h));
        else if (unit === 'day') keys = daysFrom(from ?? to, to);
        else keys = monthsBetween(from ? monthOf(from) : (firstMonth(byKey) ?? monthOf(today)), monthOf(to));
        const series = keys.map((k) => ({ x: unit === 'hour' ? Number(k) : k, y: major(byKey.get(k) ?? 0) }));
        return { ...base, range, value: major(total(byKey)), series };
      }
      case 'last-month-sales': {
        const lastMonthStart = addMonths(today, -1);
        const beforeStart = addMonths(today, -2);
        const thisMonthStart = addMonths(today, 0);
        const byMonth = await grouped(merchantId, testMode, columns.subtotal, 'month', beforeStart, addDays(thisMonthStart, -1));
        const last = byMonth.get(monthOf(lastMonthStart)) ?? 0;
        const before = byMonth.get(monthOf(beforeStart)) ?? 0;
        const change = percentChange(last, before);
        return { ...base, value: major(last), change, changeText: changeText(change), series: [{ x: monthOf(beforeStart), y: major(before) }, { x: monthOf(lastMonthStart), y: major(last) }] };
      }
      case 'year-over-year': {
        const year = Number(today.slice(0, 4));
        // Last year's first day to today, by day: this year's and last year's months, and the same part of last year.
        const byDay = await grouped(merchantId, testMode, columns.subtotal, 'day', `${year - 1}-01-01`, today);
        const byMonth = new Map<string, number>();
        for (const [day, amount] of byDay) byMonth.set(monthOf(day), (byMonth.get(monthOf(day)) ?? 0) + amount);
        const series = Array.from({ length: 12 }, (_, i) => {
          const mm = String(i + 1).padStart(2, '0');
          return { x: mm, y: major(byMonth.get(`${year}-${mm}`) ?? 0), previous: major(byMonth.get(`${year - 1}-${mm}`) ?? 0) };
        });
        const thisYear = [...byDay].filter(([day]) => day >= `${year}-01-01`).reduce((a, [, amount]) => a + amount, 0);
        // The same part of last year: its months up to this one, this month's days up to today's.
        const lastYearEnd = sameDayLastYear(today);
        const sameSpan = [...byDay].filter(([day]) => day < `${year}-01-01` && day <= lastYearEnd).reduce((a, [, amount]) => a + amount, 0);
        const change = percentChange(thisYear, sameSpan);
        return { ...base, value: major(thisYear), series, change, changeText: changeText(change) };
      }
      case 'sales-this-week': {
        const from = weekStart(today);
        const byDay = await grouped(merchantId, testMode, columns.subtotal, 'day', from, addDays(from, 6));
        const series = WEEKDAYS.map((name, i) => ({ x: name, y: major(byDay.get(addDays(from, i)) ?? 0) }));
        return { ...base, value: major(total(byDay)), series };
      }
    }
  }
  return Object.assign(read, { merchantOf });
}

/** The same calendar day a year before (29 February reads as the 28th). */
function sameDayLastYear(day: LocalDay): LocalDay {
  const year = Number(day.slice(0, 4)) - 1;
  const md = day.slice(5);
  return md === '02-29' ? `${year}-02-28` : `${year}-${md}`;
}

export type StatsRead = ReturnType<typeof statsReader>;
