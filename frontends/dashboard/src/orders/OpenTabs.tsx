import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { api } from '@seatside/ui';
import { formatDollars } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';

/** A tab as the orders API lists it (docs/orders-api.md, Tabs). */
interface Tab {
  id: string;
  name: string;
  status: 'open' | 'closed';
  rounds: { orderId: string; orderCode: string; amountDue: number }[];
  total: number;
  openedAt: string;
}

export const tabMessages = {
  title: 'Open Tabs',
  none: 'No open tabs.',
  close: 'Close Tab (Cash)',
  closed: 'Tab closed',
  rounds: (n: number) => `${n} ${n === 1 ? 'round' : 'rounds'}`,
  back: 'Orders',
} as const;

/** /dashboard/merchants/{id}/orders/tabs: the open tabs with their running totals; a member closes one, paid once in cash. */
export default function OpenTabs() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const [tabs, setTabs] = useState<Tab[] | null>(null);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(() => {
    api.get<{ data: Tab[] }>(`/merchants/${encodeURIComponent(merchantId)}/tabs`, { query: { status: 'open', testMode } }).then(
      (answer) => setTabs(answer.data),
      (err: unknown) => setNotice({ type: 'error', text: err instanceof Error ? err.message : String(err) }),
    );
  }, [merchantId, testMode]);
  useEffect(load, [load]);
  const close = async (tab: Tab) => {
    try {
      await api.post(`/merchants/${encodeURIComponent(merchantId)}/tabs/${encodeURIComponent(tab.id)}/close`, { paymentProcessor: 'CASH' });
      setNotice({ type: 'success', text: tabMessages.closed });
      load();
    } catch (err) {
      setNotice({ type: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <section className="ls-screen" aria-labelledby="tabs-title">
      <p>
        <Link to={`/dashboard/merchants/${encodeURIComponent(merchantId)}/orders`}>{tabMessages.back}</Link>
      </p>
      <h1 id="tabs-title">{tabMessages.title}</h1>
      {notice ? <Alert type={notice.type} showIcon title={notice.text} role="alert" /> : null}
      {tabs === null ? <p>Loading…</p> : tabs.length === 0 ? <p>{tabMessages.none}</p> : null}
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {(tabs ?? []).map((tab) => (
          <li key={tab.id} data-testid="open-tab" style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #eee' }}>
            <strong>{tab.name}</strong>
            <span>{tabMessages.rounds(tab.rounds.length)}</span>
            <span data-testid="tab-running-total">{formatDollars(tab.total)}</span>
            <Button onClick={() => void close(tab)}>{tabMessages.close}</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
