import { useEffect, useState, type FormEvent } from 'react';
import { closeTab, fetchCardOptions, fetchTab, openTab, sendRound, type TabView } from '../api';
import CardPayment from '../confirmation/CardPayment';
import { formatMajor } from '../domain/money';
import type { CardOptions, StorefrontDocument } from '../domain/types';
import type { PendingCardPayment } from '../payment/stripe';

export const tabTexts = {
  title: 'Open a tab',
  text: 'Order rounds through the evening and pay once when you close your tab.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  open: 'Open Tab',
  add: 'Add',
  round: 'This round',
  send: 'Send Round',
  rounds: 'Rounds',
  total: 'Total',
  close: 'Close Tab and Pay Cash',
  closed: 'Tab closed',
  paid: (amount: string) => `Paid ${amount} in cash.`,
  payCard: 'Pay by card',
  paidByCard: (amount: string) => `Paid ${amount} by card.`,
  confirming: 'Confirming your payment…',
} as const;

type Held = { tabId: string; token: string };
const keyOf = (merchantId: string) => `seatside.tab.${merchantId}`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** `/{handle}/tab`: open a tab, send rounds, close it and pay once (docs/orders-api.md, Tabs). */
export default function TabPage({ doc, testMode }: { doc: StorefrontDocument; testMode: boolean }) {
  const merchantId = doc.merchant.id;
  const currency = doc.merchant.checkoutOptions.currency;
  const [held, setHeld] = useState<Held | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(keyOf(merchantId)) ?? 'null') as Held | null;
    } catch {
      return null;
    }
  });
  const [tab, setTab] = useState<TabView | null>(null);
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '' });
  const [round, setRound] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<CardOptions | null>(null);
  const [cardPayment, setCardPayment] = useState<PendingCardPayment | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (held) fetchTab(held.tabId, held.token).then(setTab, (err: unknown) => setError(errorText(err)));
  }, [held]);
  useEffect(() => {
    const aborted = new AbortController();
    fetchCardOptions(merchantId, testMode, aborted.signal).then(
      (answer) => setCard(answer.card),
      () => undefined,
    );
    return () => aborted.abort();
  }, [merchantId, testMode]);
  // The card was confirmed: Stripe's webhook closes the tab; the page reads it until it has.
  useEffect(() => {
    if (!confirming || !held) return;
    let stopped = false;
    const read = async () => {
      while (!stopped) {
        const now = await fetchTab(held.tabId, held.token).catch(() => null);
        if (now?.status === 'closed') {
          setTab(now);
          setConfirming(false);
          setCardPayment(null);
          localStorage.removeItem(keyOf(merchantId));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    void read();
    return () => {
      stopped = true;
    };
  }, [confirming, held, merchantId]);

  const open = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const opened = await openTab(merchantId, { customer: { ...form, phone: '' }, testMode });
      const next = { tabId: opened.tabId, token: opened.token };
      localStorage.setItem(keyOf(merchantId), JSON.stringify(next));
      setHeld(next);
      setTab(opened.tab);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const send = async () => {
    if (!held) return;
    setError(null);
    try {
      const sent = await sendRound(held.tabId, held.token, Object.entries(round).map(([productId, quantity]) => ({ productId, quantity, modifiers: [] })));
      setTab(sent.tab);
      setRound({});
    } catch (err) {
      setError(errorText(err));
    }
  };
  const close = async () => {
    if (!held) return;
    setError(null);
    try {
      setTab(await closeTab(held.tabId, held.token));
      localStorage.removeItem(keyOf(merchantId));
    } catch (err) {
      setError(errorText(err));
    }
  };

  const payByCard = async () => {
    if (!held || !card) return;
    setError(null);
    try {
      const closing = await closeTab(held.tabId, held.token, 'STRIPE');
      setTab(closing);
      if (closing.cardPayment) setCardPayment({ clientSecret: closing.cardPayment.clientSecret, publishableKey: card.publishableKey, accountId: card.accountId });
    } catch (err) {
      setError(errorText(err));
    }
  };

  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <label>
      {label}
      <input type={type} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} style={{ display: 'block', width: '100%', minHeight: 44 }} />
    </label>
  );
  const products = Object.values(doc.products).filter((p) => !p.soldOut);
  const inRound = Object.entries(round);

  return (
    <main style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <h1 style={{ fontSize: 22 }}>{doc.merchant.name}</h1>
      {!held ? (
        <form onSubmit={open} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <h2>{tabTexts.title}</h2>
          <p>{tabTexts.text}</p>
          {field('firstName', tabTexts.firstName)}
          {field('lastName', tabTexts.lastName)}
          {field('email', tabTexts.email, 'email')}
          <button type="submit" className="sf-btn">
            {tabTexts.open}
          </button>
        </form>
      ) : null}
      {tab && tab.status === 'open' ? (
        <>
          <ul className="sf-products">
            {products.map((p) => (
              <li key={p.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' }}>
                <span>
                  {p.title} <span className="sf-hint">{formatMajor(p.price, currency)}</span>
                </span>
                <button type="button" className="sf-btn" style={{ width: 'auto' }} aria-label={`${tabTexts.add} ${p.title}`} onClick={() => setRound({ ...round, [p.id]: (round[p.id] ?? 0) + 1 })}>
                  {tabTexts.add}
                </button>
              </li>
            ))}
          </ul>
          <h2>{tabTexts.round}</h2>
          <ul data-testid="tab-round">
            {inRound.map(([productId, quantity]) => (
              <li key={productId}>
                {quantity} × {doc.products[productId]?.title}
              </li>
            ))}
          </ul>
          <button type="button" className="sf-btn" disabled={inRound.length === 0} onClick={() => void send()}>
            {tabTexts.send}
          </button>
        </>
      ) : null}
      {tab ? (
        <section>
          <h2>{tabTexts.rounds}</h2>
          <ol data-testid="tab-rounds">
            {tab.rounds.map((r) => (
              <li key={r.orderId}>
                #{r.orderCode} {formatMajor(r.amountDue, currency)}
              </li>
            ))}
          </ol>
          <p data-testid="tab-total">
            {tabTexts.total}: {formatMajor(tab.total, currency)}
          </p>
          {tab.status === 'open' && tab.rounds.length > 0 && !cardPayment ? (
            <>
              <button type="button" className="sf-btn" onClick={() => void close()}>
                {tabTexts.close}
              </button>
              {card ? (
                <button type="button" className="sf-btn" style={{ marginTop: 8 }} onClick={() => void payByCard()}>
                  {tabTexts.payCard}
                </button>
              ) : null}
            </>
          ) : null}
          {tab.status === 'open' && cardPayment && held && !confirming ? (
            <CardPayment orderId={held.tabId} payment={cardPayment} amount={formatMajor(tab.total, currency)} returnUrl={window.location.href} onSubmitted={() => setConfirming(true)} />
          ) : null}
          {confirming ? <p role="status">{tabTexts.confirming}</p> : null}
          {tab.status === 'closed' ? (
            <p role="status" data-testid="tab-closed">
              {tabTexts.closed}. {(tab.payment?.paymentProcessor === 'STRIPE' ? tabTexts.paidByCard : tabTexts.paid)(formatMajor(tab.payment?.amountPaid ?? tab.total, currency))}
            </p>
          ) : null}
        </section>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </main>
  );
}
