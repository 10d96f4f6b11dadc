import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { ApiError, fetchCardStep, fetchOrderStatus } from '../api';
import { formatMajor } from '../domain/money';
import type { OrderStatus, PlacedOrder, StorefrontDocument } from '../domain/types';
import { BillingLines } from '../parts/BillingLines';
import { forgetCardPayment, pendingCardPayment, type PendingCardPayment } from '../payment/stripe';
import { orderMessages as m } from '../checkout/messages';
import { Link, useNavigationState, useParams, useSearchParams } from '../router';
import { fulfillmentWords } from './fulfillment';
import { newerShown, type Shown } from './shown';
import { inMode } from '../useStorefront';
import { useStoreTitle } from '../title';

/** The orders service's socket.io namespace and event (services/orders realtime rooms). */
const ORDERS_NAMESPACE = '/orders';
const ORDER_UPDATED = 'order.updated';

/** How often the status is read again while the live connection is not up. */
export const STATUS_POLL_MS = 4_000;
const FINAL = new Set(['COMPLETED', 'CANCELLED', 'REFUNDED']);

// Stripe's Payment Element, only for an order that waits for its card.
const CardPayment = lazy(() => import('./CardPayment'));


/** How often the estimate is read again while the order waits (it moves as the queue moves). */
export const ESTIMATE_REFRESH_MS = 30_000;

const timeIn = (iso: string, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  }
};

/**
 * `/{handle}/orders/{orderId}?token=…`: the order code, its status and the billing summary, kept
 * current by the orders service's live updates (socket.io, room of the order by its status token),
 * and read again every few seconds whenever that connection is not live.
 */
export default function OrderPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const placed = useNavigationState<{ placed?: PlacedOrder }>()?.placed;
  const [order, setOrder] = useState<Shown | null>(placed && placed.id === orderId ? placed : null);
  const [missing, setMissing] = useState(false);
  const finished = order ? FINAL.has(order.status) : false;
  const [reads, setReads] = useState(0);
  // Live: the orders service pushes the order on every change to whoever holds its status token.
  const live = useRealtimeRoom<OrderStatus>({
    namespace: ORDERS_NAMESPACE,
    room: orderId && token ? { orderId, token } : null,
    event: ORDER_UPDATED,
    // A live change (accepted, ready…) carries no estimate: read the status again for it. A read and
    // an update may cross: the newer version is kept (./shown.ts).
    onEvent: (next) => {
      setOrder((known) => newerShown(known, next));
      setReads((n) => n + 1);
    },
    onReconnect: () => setReads((n) => n + 1),
    // A diner has no account: the status token is the key, never a signed-in session's bearer.
    token: () => null,
  });
  const polling = live.status !== 'live' && !finished;

  // An order placed with a card in this tab waits for it; Stripe sends a card that needed a redirect
  // (3-D Secure) back here with redirect_status.
  const kept = useMemo(() => pendingCardPayment(orderId), [orderId]);
  // Opened without the checkout's answer (another tab, the e-mail's link): the orders service says
  // whether the order still waits for its card (it showed 'Received' with no way to pay).
  const [resumed, setResumed] = useState<PendingCardPayment | undefined>();
  const cardPayment = kept ?? resumed;
  const placedNow = order?.status === 'PLACED';
  useEffect(() => {
    if (kept || !token || !placedNow) return;
    const controller = new AbortController();
    fetchCardStep(orderId, token, controller.signal).then(
      ({ card }) => !controller.signal.aborted && card?.processor === 'STRIPE' && setResumed({ clientSecret: card.clientSecret, publishableKey: card.publishableKey, accountId: card.accountId }),
      () => undefined,
    );
    return () => controller.abort();
  }, [kept, orderId, token, placedNow]);
  const [cardSubmitted, setCardSubmitted] = useState(params.get('redirect_status') === 'succeeded');
  const awaitingCard = order?.status === 'PLACED' && cardPayment !== undefined;
  useEffect(() => {
    if (order && order.status !== 'PLACED') forgetCardPayment(orderId);
  }, [order, orderId]);

  // Read once on arrival (and after a reconnection); read again every few seconds while not live.
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await fetchOrderStatus(orderId, token, controller.signal);
        if (!controller.signal.aborted) setOrder((known) => newerShown(known, answer));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setMissing(true);
      }
      if (!controller.signal.aborted && (polling || !finished)) timer = setTimeout(read, polling ? STATUS_POLL_MS : ESTIMATE_REFRESH_MS);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, token, polling, reads, finished]);

  const words = order ? fulfillmentWords(order, (iso) => timeIn(iso, doc.merchant.timeZone)) : undefined;
  const heading = missing && !order ? m.orderNotFound : (order && m.headings[order.status]) || m.orderPlaced;
  useStoreTitle(heading, doc.merchant.name);
  if (missing && !order) {
    return (
      <div className="sf-center">
        <h1>{heading}</h1>
        <Link to={inMode(`/${handle}`, testMode)}>{m.backToMenu}</Link>
      </div>
    );
  }
  return (
    <div className="sf-page" aria-busy={!order}>
      <h1>{heading}</h1>
      <p className="sf-desc">{doc.merchant.name}</p>
      {order && words ? (
        <>
          <div>
            <p className="sf-hint">{m.orderCode}</p>
            <p className="sf-code" data-testid="order-code">
              {order.orderCode}
            </p>
          </div>
          {words.deliverTo ? (
            <p className="sf-code" data-testid="order-location">
              {words.deliverTo}
            </p>
          ) : null}
          {words.pickup ? (
            <p className="sf-code" data-testid="order-pickup">
              {words.pickup}
            </p>
          ) : null}
          {words.pickupTime ? <p data-testid="order-pickup-time">{words.pickupTime}</p> : null}
          <p role="status" aria-live="polite">
            {m.status}:{' '}
            <span className="sf-status" data-testid="order-status" data-status={order.status}>
              {words.status}
            </span>
          </p>
          {words.eta ? (
            <p className="sf-note" data-testid="order-eta">
              {words.eta}
            </p>
          ) : null}
          {awaitingCard && !cardSubmitted ? (
            <Suspense fallback={<p role="status">{m.loading}</p>}>
              <CardPayment
                orderId={orderId}
                payment={cardPayment}
                amount={formatMajor(order.billingSummary.totals.amountDue, order.billingSummary.currency)}
                returnUrl={location.href}
                onSubmitted={() => setCardSubmitted(true)}
              />
            </Suspense>
          ) : null}
          {cardSubmitted && order.status === 'PLACED' ? <p className="sf-hint">{m.cardSubmitted}</p> : null}
          {order.lineItems ? (
            <ul className="sf-lines">
              {order.lineItems.map((line) => (
                <li key={line.lineItemId}>
                  <strong>
                    {line.quantity} × {line.title}
                  </strong>
                  <span>{formatMajor(line.total, order.billingSummary.currency)}</span>
                  {line.options.length > 0 ? <span className="sf-hint">{line.options.map((o) => o.label).join(', ')}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          <section aria-labelledby="sf-billing">
            <h2 id="sf-billing" style={{ marginBottom: 8 }}>
              {m.billingSummary}
            </h2>
            <BillingLines summary={order.billingSummary} />
          </section>
          {finished ? null : <p className="sf-hint">{m.refreshing}</p>}
        </>
      ) : (
        <p role="status">{m.loading}</p>
      )}
      <Link to={inMode(`/${handle}`, testMode)}>{m.orderMore}</Link>
    </div>
  );
}
