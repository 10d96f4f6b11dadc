import type { TagDay } from './api';
import { tagMessages as m } from './messages';
import './styles';

/** The tag's 30-day daily scans and orders as plain bars (no chart library), with a text summary. */
export function StatsBars({ days }: { days: readonly TagDay[] }) {
  const top = Math.max(1, ...days.map((day) => day.scans + day.orders));
  const scans = days.reduce((sum, day) => sum + day.scans, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <section className="tg-card" aria-labelledby="tg-stats-title" data-testid="tag-stats">
      <h3 id="tg-stats-title">{m.last30Days}</h3>
      <p className="tg-legend">
        <span>
          {m.scans}: {scans}
        </span>
        <span>
          {m.orders}: {orders}
        </span>
      </p>
      <div className="tg-bars" aria-hidden="true">
        {days.map((day) => (
          <div key={day.date} className="tg-bar" title={`${day.date}: ${day.scans} scans, ${day.orders} orders`}>
            <span className="tg-scans" style={{ height: `${(day.scans / top) * 100}%` }} />
            <span className="tg-orders" style={{ height: `${(day.orders / top) * 100}%`, marginBottom: 0 }} />
          </div>
        ))}
      </div>
    </section>
  );
}
