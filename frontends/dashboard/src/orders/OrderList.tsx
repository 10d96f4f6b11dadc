import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListScreen, formatDateTime, formatMoney, useCollection, type Collection, type ListColumn } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { newerOrder, ordersPage, ordersPath, type Order } from './api';
import { orderMessages as m } from './messages';
import { OrderTypeIcon } from './OrderTypeIcon';
import { useLiveOrders } from './useLiveOrders';
import { awaitsCard } from './payment';
import './styles';

const PAGE_SIZES = [25, 50, 100] as const;
/** Orders placed together reload the page once. */
const RELOAD_DELAY_MS = 150;

function orderColumns(merchantId: string): ListColumn<Order>[] {
  // The API lists newest first only: no column sorts.
  return [
    { key: 'code', title: m.columns.code, render: (o) => <Link to={ordersPage(merchantId, encodeURIComponent(o.id))}>{o.orderCode}</Link> },
    {
      key: 'location',
      title: m.columns.location,
      // As prominent as the code: staff deliver by it (issue 27).
      render: (o) => (o.location ? <strong className="ord-seat" data-testid="order-location">{o.location.name}</strong> : null),
    },
    // On a phone: the code, the seat, the status and what is due; the type and the time on a wider screen.
    { key: 'type', title: m.columns.type, wideOnly: true, render: (o) => <OrderTypeIcon type={o.type} withLabel /> },
    {
      key: 'status',
      title: m.columns.status,
      render: (o) => (
        <>
          <span className="ord-status">{o.status}</span>
          {awaitsCard(o) ? <span className="ord-awaiting">{m.awaitingCard}</span> : null}
        </>
      ),
    },
    { key: 'amountDue', title: m.columns.amountDue, render: (o) => formatMoney(o.billingSummary.totals.amountDue, o.billingSummary.currency) },
    { key: 'received', title: m.columns.received, wideOnly: true, render: (o) => formatDateTime(o.receivedAt) },
  ];
}

/**
 * Live rows: a change to an order on the page replaces its row; a new order (or one this page does
 * not show) reloads the page: the first shows it (the newest are there), a later one keeps its rows
 * (its cursor) and takes the new total, so 'from-to of total' and 'page of pages' follow on every
 * page. A reconnection reloads whatever page.
 */
function useLiveRows(collection: Collection<Order>, merchantId: string, testMode: boolean) {
  const [changed, setChanged] = useState<ReadonlyMap<string, Order>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(collection);
  latest.current = collection;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // One reload for what comes within the delay, counted from the first: a busy stand's steady stream
  // of updates never pushes it back for good.
  const reloadSoon = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current.reload();
    }, RELOAD_DELAY_MS);
  }, []);

  const onOrder = useCallback(
    (order: Order) => {
      if (order.testMode !== testMode) return;
      const shown = latest.current.rows.some((row) => row.id === order.id);
      if (shown) {
        setChanged((current) => new Map(current).set(order.id, newerOrder(current.get(order.id), order)));
        setAnnouncement(m.orderChanged(order.orderCode, order.status));
      } else {
        // Only the first page shows the new order; a later page cannot tell a new one from one on another page.
        if (!latest.current.hasPrevious) setAnnouncement(m.newOrder(order.orderCode, order.location?.name));
        reloadSoon();
      }
    },
    [testMode, reloadSoon],
  );
  const status = useLiveOrders(merchantId, testMode, onOrder, reloadSoon);
  const rows = useMemo(() => collection.rows.map((row) => newerOrder(changed.get(row.id), row)), [collection.rows, changed]);
  return { rows, status, announcement };
}

/** /dashboard/merchants/{merchantId}/orders: the current mode's orders, newest first, kept live. */
export default function OrderList() {
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const collection = useCollection<Order>({ path: ordersPath(merchantId), defaultSort: { sort: 'receivedAt', order: 'desc' }, testMode, pageSize: PAGE_SIZES[0] });
  const live = useLiveRows(collection, merchantId, testMode);
  return (
    <ListScreen
      title={m.listTitle}
      collection={{ ...collection, rows: live.rows }}
      columns={orderColumns(merchantId)}
      rowKey={(o) => o.id}
      pageSizes={PAGE_SIZES}
      tools={
        <>
          <Link to={`/dashboard/merchants/${encodeURIComponent(merchantId)}/orders/tabs`}>Open Tabs</Link>
          <span className="ord-live" data-status={live.status} data-testid="live-status">
            {m.liveStatus[live.status]}
          </span>
        </>
      }
    >
      <p className="ls-sr" role="status">
        {live.announcement}
      </p>
    </ListScreen>
  );
}
