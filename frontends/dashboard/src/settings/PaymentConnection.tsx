import { useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import { refreshSession } from '@seatside/ui/src/auth';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { useSettings } from '@seatside/ui/src/tenant-settings/context';
import { usePageTitle } from '@seatside/ui/src/title';
import { environments, paymentScreenMessages as m, paymentsApi, type Environment, type SquareConnections, type StripeConnection, type StripeConnections } from './payments-api';
import { publicPageOf } from '../merchant/public-page';

/** The orders service's namespace and the event it sends when a connection changes (docs/orders-api.md). */
const ORDERS_NAMESPACE = '/orders';
const PAYMENTS_UPDATED = 'payments.updated';

/** The public page of the handle in a mode: the sandbox site is the same page in test mode. */
const publicPageIn = (handle: string | undefined, environment: Environment) => (handle ? publicPageOf(window.location.origin, handle, environment === 'sandbox') : null);

function StripeState({ merchantId, environment, connection }: { merchantId: string; environment: Environment; connection: StripeConnection }) {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await paymentsApi.stripeConnectUrl(merchantId, environment);
      window.location.assign(url);
    } catch (err) {
      // Seed 001 §8: payment connection failures are only logged.
      console.error('Stripe connection failed', err);
      setBusy(false);
    }
  };
  if (connection.connected && connection.chargesEnabled) return <p className="pc-ok" data-testid={`stripe-${environment}-connected`}>{m.connected}</p>;
  if (connection.connected) return <p className="pc-warn" data-testid={`stripe-${environment}-charges`}>{m.chargesNotEnabled}</p>;
  return (
    <div>
      <Button type="primary" loading={busy} disabled={!connection.connectable} onClick={() => void connect()} aria-label={`Connect Stripe (${m.rows[environment]})`}>
        {m.connect}
      </Button>
      {!connection.connectable && <p className="ts-hint">{m.stripeNotConfigured}</p>}
    </div>
  );
}

/**
 * Square's half of a row (seed 001 §4): Connect (Square's sign-in) when not connected; when connected,
 * Connected, Deauthorize (its answer, 'App deauthorized from Square', is shown) and the location
 * picker, saved as `squareLocationId:{environment}`.
 */
function SquareState({ merchantId, environment, squares, onChange }: { merchantId: string; environment: Environment; squares: SquareConnections; onChange: (next: SquareConnections) => void }) {
  const connection = squares[environment];
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | undefined>();
  const [locations, setLocations] = useState<{ id: string; name: string }[] | undefined>();
  useEffect(() => {
    if (!connection.connected) return;
    let gone = false;
    paymentsApi.squareLocations(merchantId, environment).then(
      (answer) => !gone && setLocations(answer),
      (err: unknown) => console.error('Square locations could not be read', err),
    );
    return () => {
      gone = true;
    };
  }, [merchantId, environment, connection.connected]);
  const act = async (work: () => Promise<void>, what: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      // Seed 001 §8: payment connection failures are only logged.
      console.error(what, err);
    } finally {
      setBusy(false);
    }
  };
  const connect = () =>
    act(async () => {
      const { url } = await paymentsApi.squareConnectUrl(merchantId, environment);
      window.location.assign(url);
    }, 'Square connection failed');
  const deauthorize = () =>
    act(async () => {
      const { message } = await paymentsApi.squareDeauthorize(merchantId, environment);
      setNote(message);
      setLocations(undefined);
      onChange({ ...squares, [environment]: { connected: false, locationId: null } });
    }, 'Square deauthorize failed');
  const choose = (locationId: string) =>
    act(async () => {
      const { message, ...answer } = await paymentsApi.squareChooseLocation(merchantId, environment, locationId);
      setNote(message);
      // The answer is the connections without whether each mode is connectable: that stays as read.
      onChange({ ...squares, ...answer, connectable: squares.connectable });
    }, 'Square location not saved');

  if (!connection.connected) {
    return (
      <div>
        <Button type="primary" loading={busy} disabled={!squares.connectable[environment]} onClick={() => void connect()} aria-label={`Connect Square (${m.rows[environment]})`}>
          {m.connect}
        </Button>
        {!squares.connectable[environment] && <p className="ts-hint">{m.squareNotConfigured}</p>}
        {note && <p role="status">{note}</p>}
      </div>
    );
  }
  return (
    <div>
      <p className="pc-ok" data-testid={`square-${environment}-connected`}>{m.connected}</p>
      <label>
        {m.location}{' '}
        <select className="ts-select" aria-label={`Square location (${m.rows[environment]})`} value={connection.locationId ?? ''} disabled={busy || !locations} onChange={(e) => e.target.value && void choose(e.target.value)}>
          <option value="">{m.chooseLocation}</option>
          {(locations ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <p>
        <Button danger loading={busy} onClick={() => void deauthorize()} aria-label={`Deauthorize Square (${m.rows[environment]})`}>
          {m.deauthorize}
        </Button>
      </p>
      {note && <p role="status">{note}</p>}
    </div>
  );
}

/**
 * Seed 002 §2 Payment connection screen: a row per mode with the public page address, the Stripe
 * connection (Connected, the red charges note, or Connect, which sends the browser to Stripe's
 * sign-in) and a link to Stripe's dashboard; the Square connection (SquareState). Stripe's changes
 * arrive live on the merchant's rooms.
 */
export function PaymentConnection({ merchantId }: { merchantId: string }) {
  usePageTitle(m.title);
  const { record } = useSettings();
  const [stripe, setStripe] = useState<StripeConnections | undefined>();
  const [square, setSquare] = useState<SquareConnections | undefined>();
  const [generation, setGeneration] = useState(0);
  // Live events seen so far: a read that began before the latest one may answer the state before it
  // (read, then the change and its event, then the read's answer) and must not overwrite it.
  const events = useRef(0);
  useEffect(() => {
    const controller = new AbortController();
    const eventsBefore = events.current;
    paymentsApi.stripe(merchantId, controller.signal).then(
      (answer) => !controller.signal.aborted && events.current === eventsBefore && setStripe(answer),
      (err: unknown) => !controller.signal.aborted && console.error('Payment connections could not be read', err),
    );
    paymentsApi.square(merchantId, controller.signal).then(
      (answer) => !controller.signal.aborted && setSquare(answer),
      (err: unknown) => !controller.signal.aborted && console.error('Square connections could not be read', err),
    );
    return () => controller.abort();
  }, [merchantId, generation]);
  const live = (testMode: boolean) => ({
    namespace: ORDERS_NAMESPACE,
    room: { merchantId, testMode },
    event: PAYMENTS_UPDATED,
    onEvent: (payload: { merchantId: string; stripe: StripeConnections }) => {
      if (payload.merchantId !== merchantId) return;
      events.current += 1;
      setStripe(payload.stripe);
    },
    onReconnect: () => setGeneration((g) => g + 1),
    refreshToken: refreshSession,
  });
  useRealtimeRoom(live(false));
  useRealtimeRoom(live(true));

  return (
    <section aria-labelledby="payments-title" data-testid="section-payments">
      <style>{'.pc-ok{margin:0;color:#137333;font-weight:600}.pc-warn{margin:0;color:#b42318;font-weight:600}.pc-row h2{margin:0 0 4px;font-size:18px}.pc-row h3{margin:16px 0 8px;font-size:16px}'}</style>
      <div className="ts-head">
        <h1 id="payments-title">{m.title}</h1>
      </div>
      {!stripe ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="ts-cards">
          {environments.map((environment) => {
            const page = publicPageIn(record?.handle, environment);
            return (
              <div key={environment} className="ts-card pc-row" role="group" aria-labelledby={`payments-${environment}`} data-testid={`payments-${environment}`}>
                <h2 id={`payments-${environment}`}>{m.rows[environment]}</h2>
                {page && <p className="ts-hint"><span className="ts-sr">Public page: </span><code>{page}</code></p>}
                <h3>Stripe</h3>
                <StripeState merchantId={merchantId} environment={environment} connection={stripe[environment]} />
                <p>
                  <a href={stripe[environment].dashboardUrl} target="_blank" rel="noreferrer">{m.stripeDashboard}</a>
                </p>
                <h3>Square</h3>
                {square ? <SquareState merchantId={merchantId} environment={environment} squares={square} onChange={setSquare} /> : <p role="status">Loading…</p>}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
