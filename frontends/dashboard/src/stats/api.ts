import { api } from '@seatside/ui';

/** The widgets of `GET /v1/merchants/{id}/stats/{widget}` (docs/orders-api.md "Sales stats"). */
export type Widget =
  | 'all-time-sales' | 'customers' | 'out-of-stock' | 'users' | 'predicted-revenue' | 'refunds' | 'tax' | 'tips' | 'sales' | 'last-month-sales' | 'year-over-year' | 'sales-this-week';
export type Range = 'today' | 'week' | 'month' | 'quarter' | 'year' | 'all';

export interface WidgetAnswer {
  value: number;
  series?: { x: string | number; y: number; previous?: number }[];
  change?: number;
  changeText?: string;
  range?: Range;
  currency: string;
  today?: { orders: number; revenue: number };
}

export const statsApi = {
  widget: (merchantId: string, widget: Widget, testMode: boolean, range?: Range, signal?: AbortSignal) =>
    api.get<WidgetAnswer>(`/merchants/${encodeURIComponent(merchantId)}/stats/${widget}`, { query: { testMode, range }, signal }),
  /** The merchant's goals (seed 001 §3), when its settings have them. */
  merchant: (merchantId: string, signal?: AbortSignal) =>
    api.get<{ goals?: { dailyOrderVolume?: number | null; dailyOrderRevenue?: number | null } }>(`/merchants/${encodeURIComponent(merchantId)}`, { signal }),
};
