import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { api } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { refreshSession } from '@seatside/ui/src/auth';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { formatDollars } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { orderMessages } from './messages';
import { awaitsCash, withTab, type Tab } from './tabs';
import { ORDERS_NAMESPACE } from './useLiveOrders';
import './styles';

/** The orders service's event for a tab that changed (docs/orders-api.md "Realtime"). */
export const TAB_UPDATED = 'tab.updated';

export const tabMessages = {
  title: 'Open Tabs',
  none: 'No open tabs.',
  close: 'Close Tab (Cash)',
  awaitingCash: 'Waiting for cash',
  closed: 'Tab closed',
  rounds: (n: number) => `${n} ${n === 1 ? 'round' : 'rounds'}`,
  back: 'Orders',
} as const;

/**
 * /dashboard/merchants/{id}/orders/tabs: the open tabs with their running totals, kept live (each
 * round, cash request and close arrives as `tab.updated`); a tab whose diner asked to pay in cash is
 * marked waiting for cash. A member closes one once the cash is in hand: that pays every round.
 */
export default function OpenTabs() {
  usePageTitle(tabMessages.title);
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
          <li key={tab.id} data-testid="open-tab" style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #eee' }}>
            <strong>{tab.name}</strong>
            <span>{tabMessages.rounds(tab.rounds.length)}</span>
            <span data-testid="tab-running-total">{formatDollars(tab.total)}</span>
            {awaitsCash(tab) ? (
              <span className="ord-awaiting" data-testid="tab-awaiting-cash">
                {tabMessages.awaitingCash}
              </span>
            ) : null}
            <Button onClick={() => void close(tab)}>{tabMessages.close}</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
