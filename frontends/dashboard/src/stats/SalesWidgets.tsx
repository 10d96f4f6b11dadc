import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { refreshSession } from '@seatside/ui/src/auth';
import { useTestMode } from '@seatside/ui/src/mode';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { statsApi, type Range, type Widget, type WidgetAnswer } from './api';
import { Chart, type ChartKind } from './Chart';
import { changeLabel, COUNTER_MS, counterAt, decimals, goalProgress, money, pointLabel, rangeLabels, rangesOf, storedRange, storeRange } from './format';
import './styles';

/** The orders service tells a merchant's room when its stats changed (docs/orders-api.md "Realtime"). */
const ORDERS_NAMESPACE = '/orders';
const STATS_UPDATED = 'stats.updated';
const BRAND = '#1f5eff';
/** Our wording (the spec does not say): a day the hours mark closed has no hour to predict. */
const CLOSED_TODAY = 'Closed today: no opening hours to predict.';
const PREVIOUS = '#9ca3af';

/** One widget's answer, read again whenever `version` moves (a paid or refunded order, a reconnection). */
function useWidget(merchantId: string, widget: Widget, testMode: boolean, version: number, range?: Range) {
  const [state, setState] = useState<{ answer?: WidgetAnswer; error?: string }>({});
  useEffect(() => {
    const abort = new AbortController();
    statsApi.widget(merchantId, widget, testMode, range, abort.signal).then(
      // The same figures again (a read on the room's join, or news of another widget's change) keep
      // the answer in hand, so nothing below it is drawn anew.
      (answer) => setState((s) => (s.answer && !s.error && JSON.stringify(s.answer) === JSON.stringify(answer) ? s : { answer })),
      (error: unknown) => !abort.signal.aborted && setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) })),
    );
    return () => abort.abort();
  }, [merchantId, widget, testMode, version, range]);
  return state;
}

/** Seed 002 §9: a counter runs 0.5 s from where it stood to the new figure, with 2 decimals. */
function useCounter(target: number | undefined): number {
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    if (target === undefined) return undefined;
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const step = (now: number) => {
      const value = counterAt(origin, target, now - start, COUNTER_MS);
      from.current = value;
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

function Counter({ value, format }: { value: number | undefined; format(v: number): string }) {
  const shown = useCounter(value);
  return (
    <p className="sw-value" data-testid="value" data-value={value ?? ''}>
      {value === undefined ? '—' : format(shown)}
    </p>
  );
}

interface CardProps {
  merchantId: string;
  testMode: boolean;
  version: number;
  widget: Widget;
  title: string;
  kind: 'money' | 'count';
  chart?: ChartKind;
  className?: string;
}

/** A widget: its title, range selector when it has one, counter, change and chart. */
function WidgetCard({ merchantId, testMode, version, widget, title, kind, chart, className }: CardProps) {
  const ranged = widget === 'refunds' || widget === 'tax' || widget === 'tips' || widget === 'sales';
  const [range, setRange] = useState<Range>(() => storedRange(widget));
  const { answer, error } = useWidget(merchantId, widget, testMode, version, ranged ? range : undefined);
  const currency = answer?.currency ?? 'USD';
  const format = useCallback((v: number) => (kind === 'money' ? money(v, currency) : decimals(v)), [kind, currency]);
  const labels = useMemo(() => (answer?.series ?? []).map((p) => pointLabel(p.x, widget, answer?.range)), [answer, widget]);
  const series = useMemo(() => {
    if (!answer?.series) return [];
    const now = [{ label: title, values: answer.series.map((p) => p.y), color: BRAND }];
    return widget === 'year-over-year' ? [...now, { label: 'Last year', values: answer.series.map((p) => p.previous ?? 0), color: PREVIOUS }] : now;
  }, [answer, widget, title]);
  const headingId = `widget-${widget}-title`;
  return (
    <section className={`sw-card ${className ?? ''}`} aria-labelledby={headingId} data-testid={`widget-${widget}`}>
      <div className="sw-head">
        <h2 id={headingId}>{title}</h2>
        {ranged && (
          <select
            className="sw-range"
            aria-label={`${title} range`}
            value={range}
            onChange={(event) => {
              const next = event.target.value as Range;
              storeRange(widget, next);
              setRange(next);
            }}
          >
            {rangesOf(widget).map((r) => (
              <option key={r} value={r}>
                {rangeLabels[r]}
              </option>
            ))}
          </select>
        )}
      </div>
      <div>
        <Counter value={answer?.value} format={format} />
        {answer?.change !== undefined && (
          <span className={`sw-change ${answer.change > 0 ? 'sw-up' : answer.change < 0 ? 'sw-down' : ''}`} data-testid="change">
            {changeLabel(answer.change)}
          </span>
        )}
      </div>
      {error && <p className="sw-error">{error}</p>}
      {widget === 'predicted-revenue' && answer?.series?.length === 0 && <p className="sw-note">{CLOSED_TODAY}</p>}
      {chart && series.length > 0 && labels.length > 0 && <Chart labels={labels} series={series} kind={chart} height={chart === 'spark' ? 56 : 180} format={format} title={title} />}
    </section>
  );
}

/** Predicted revenue by hour (seed 002 §9), as a line or as points. */
function PredictedRevenue(props: Omit<CardProps, 'widget' | 'title' | 'kind' | 'chart'>) {
  const [variant, setVariant] = useState<'line' | 'scatter'>('line');
  return (
    <div className="sw-wide" style={{ position: 'relative' }}>
      <select className="sw-range sw-variant" aria-label="Predicted revenue chart" value={variant} onChange={(e) => setVariant(e.target.value as 'line' | 'scatter')} style={{ position: 'absolute', right: 16, top: 12, zIndex: 1 }}>
        <option value="line">Line</option>
        <option value="scatter">Scatter</option>
      </select>
      <WidgetCard {...props} widget="predicted-revenue" title="Predicted Revenue" kind="money" chart={variant} />
    </div>
  );
}

/** Today's orders and revenue against the merchant's goals (seed 001 §3), when set. */
function Goals({ merchantId, testMode, version }: { merchantId: string; testMode: boolean; version: number }) {
  const [goals, setGoals] = useState<{ dailyOrderVolume?: number | null; dailyOrderRevenue?: number | null } | undefined>();
  useEffect(() => {
    const abort = new AbortController();
    statsApi.merchant(merchantId, abort.signal).then((m) => setGoals(m.goals), () => undefined);
    return () => abort.abort();
  }, [merchantId]);
  const { answer } = useWidget(merchantId, 'predicted-revenue', testMode, version);
  const volume = goalProgress(answer?.today?.orders ?? 0, goals?.dailyOrderVolume);
  const revenue = goalProgress(answer?.today?.revenue ?? 0, goals?.dailyOrderRevenue);
  if (volume === null && revenue === null) return null;
  const currency = answer?.currency ?? 'USD';
  return (
    <section className="sw-card" aria-labelledby="widget-goals-title" data-testid="widget-goals">
      <h2 id="widget-goals-title">Today&apos;s Goals</h2>
      {volume !== null && (
        <div className="sw-goal">
          <span>
            Orders: {answer?.today?.orders ?? 0} of {goals?.dailyOrderVolume}
          </span>
          <div className="sw-bar" role="progressbar" aria-label="Daily order volume" aria-valuenow={volume} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${volume}%` }} />
          </div>
        </div>
      )}
      {revenue !== null && (
        <div className="sw-goal">
          <span>
            Revenue: {money(answer?.today?.revenue ?? 0, currency)} of {money(goals?.dailyOrderRevenue ?? 0, currency)}
          </span>
          <div className="sw-bar" role="progressbar" aria-label="Daily order revenue" aria-valuenow={revenue} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${revenue}%` }} />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The merchant home's sales widgets (seed 002 §2) for the current mode, read from the stats API and
 * read again live when an order is paid or refunded. The default export: the home loads it lazily,
 * with the charts, so no other page pays for them.
 */
export default function SalesWidgets({ merchantId }: { merchantId: string }) {
  const testMode = useTestMode((s) => s.testMode);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const { status } = useRealtimeRoom<unknown>({ namespace: ORDERS_NAMESPACE, room: { merchantId, testMode }, event: STATS_UPDATED, onEvent: bump, onReconnect: bump, refreshToken: refreshSession });
  const card = { merchantId, testMode, version };
  return (
    <div className="sw-home" data-testid="sales-widgets" data-live={status}>
      <div className="sw-grid">
        <WidgetCard {...card} widget="all-time-sales" title="All Time Sales" kind="money" chart="spark" />
        <WidgetCard {...card} widget="customers" title="Customers" kind="count" />
        <WidgetCard {...card} widget="out-of-stock" title="Out of Stock Products" kind="count" />
        <WidgetCard {...card} widget="users" title="Users" kind="count" />
        <Goals {...card} />
        <PredictedRevenue {...card} />
        <WidgetCard {...card} widget="refunds" title="Refunds" kind="money" chart="line" />
        <WidgetCard {...card} widget="tax" title="Tax" kind="money" chart="line" />
        <WidgetCard {...card} widget="tips" title="Tips" kind="money" chart="line" />
        <WidgetCard {...card} widget="sales" title="Sales" kind="money" chart="line" />
        <WidgetCard {...card} widget="last-month-sales" title="Last Month Sales" kind="money" />
        <WidgetCard {...card} widget="year-over-year" title="Year Over Year Sales" kind="money" chart="line" className="sw-half" />
        <WidgetCard {...card} widget="sales-this-week" title="Sales This Week" kind="money" chart="bars" className="sw-half" />
      </div>
    </div>
  );
}
