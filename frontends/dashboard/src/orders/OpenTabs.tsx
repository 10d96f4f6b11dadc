import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { api } from '@seatside/ui';
import { refreshSession } from '@seatside/ui/src/auth';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { formatDollars } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { orderMessages } from './messages';
import { ORDERS_NAMESPACE } from './useLiveOrders';

/** The orders service's event for a tab that changed (docs/orders-api.md "Realtime"). */
export const TAB_UPDATED = 'tab.updated';

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

/** A changed tab in the list: an open one replaces (or joins, newest first) its row; a closed one leaves. */
export const withTab = (tabs: readonly Tab[], tab: Tab): Tab[] => {
  const others = tabs.filter((t) => t.id !== tab.id);
  if (tab.status !== 'open') return others;
  return tabs.some((t) => t.id === tab.id) ? tabs.map((t) => (t.id === tab.id ? tab : t)) : [tab, ...others];
};

/**
 * /dashboard/merchants/{id}/orders/tabs: the open tabs with their running totals, kept live (each
 * round and close arrives as `tab.updated`); a member closes one, paid once in cash.
 */
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
  const { status } = useRealtimeRoom<Tab>({
    namespace: ORDERS_NAMESPACE,
    room: { merchantId, testMode },
    event: TAB_UPDATED,
    onEvent: (tab) => setTabs((current) => (current === null ? current : withTab(current, tab))),
    // Joined (again): what changed before the join missed this screen.
    onReconnect: load,
    refreshToken: refreshSession,
  });
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
      <span className="ord-live" data-status={status} data-testid="live-status">
        {orderMessages.liveStatus[status]}
      </span>
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
