import { useEffect, useState, type FormEvent } from 'react';
import { closeTab, fetchTab, openTab, sendRound, type TabView } from '../api';
import { formatMajor } from '../domain/money';
import type { StorefrontDocument } from '../domain/types';

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

  useEffect(() => {
    if (held) fetchTab(held.tabId, held.token).then(setTab, (err: unknown) => setError(errorText(err)));
  }, [held]);

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
          {tab.status === 'open' && tab.rounds.length > 0 ? (
            <button type="button" className="sf-btn" onClick={() => void close()}>
              {tabTexts.close}
            </button>
          ) : null}
          {tab.status === 'closed' ? (
            <p role="status" data-testid="tab-closed">
              {tabTexts.closed}. {tabTexts.paid(formatMajor(tab.payment?.amountPaid ?? tab.total, currency))}
            </p>
          ) : null}
        </section>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </main>
  );
}
