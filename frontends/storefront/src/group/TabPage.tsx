import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, closeTab, fetchCardOptions, fetchTab, openTab, sendRound, type QuoteBody, type TabView } from '../api';
import { CartLines } from '../cart/CartPanel';
import { cartStore, newIdempotencyKey } from '../cart/store';
import { addLine, removeLine, setLineQuantity, subtotalMinor, type CartLine } from '../cart/lines';
import { TextField } from '../checkout/fields';
import { nextWindow, useOfferedWindow, useQuote } from '../checkout/useQuote';
import CardPayment from '../confirmation/CardPayment';
import { formatMajor, formatMinor } from '../domain/money';
import type { CardOptions, StorefrontDocument } from '../domain/types';
import { ProductSheet } from '../menu/ProductSheet';
import { storefrontMessages as sm } from '../messages';
import type { PendingCardPayment } from '../payment/stripe';
import { useStoreTitle } from '../title';
import { addsThroughSheet, modifiersOf, plainLine, roundLineItems, roundRefusal, tabCustomerErrors, tabOpenRefusal, type TabCustomer, type TabCustomerErrors } from './tab';

export const tabTexts = {
  title: 'Open a tab',
  text: 'Order rounds through the evening and pay once when you close your tab.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  open: 'Open Tab',
  add: 'Add',
  round: 'This round',
  emptyRound: 'Nothing in this round yet.',
  send: 'Send Round',
  rounds: 'Rounds',
  total: 'Total',
  close: 'Close Tab and Pay Cash',
  closed: 'Tab closed',
  paid: (amount: string) => `Paid ${amount} in cash.`,
  awaitingCash: (amount: string) => `Pay ${amount} in cash to a member of staff to close your tab.`,
  payCard: 'Pay by card',
  paidByCard: (amount: string) => `Paid ${amount} by card.`,
  confirming: 'Confirming your payment…',
} as const;

type Held = { tabId: string; token: string };
/** What closing the tab took: nothing for a tab staff closed with no rounds on it. */
const paidOf = (tab: TabView) => tab.payment?.amountPaid ?? tab.total;
const keyOf = (merchantId: string) => `seatside.tab.${merchantId}`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** `/{handle}/tab`: open a tab, send rounds, close it and pay once (docs/orders-api.md, Tabs). */
export default function TabPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  const merchantId = doc.merchant.id;
  useStoreTitle(tabTexts.title, doc.merchant.name);
  // The seat the diner scanned (kept with the menu's cart): the tab's rounds carry it to the kitchen and the runner.
  const tag = cartStore(handle, testMode)((s) => s.tag);
  const currency = doc.merchant.checkoutOptions.currency;
  const [held, setHeld] = useState<Held | null>(() => {
    try {
      return JSON.parse(localStorage.getItem(keyOf(merchantId)) ?? 'null') as Held | null;
    } catch {
      return null;
    }
  });
  const [tab, setTab] = useState<TabView | null>(null);
  const [form, setForm] = useState<TabCustomer>({ firstName: '', lastName: '', email: '' });
  // The form's own checks show once it was sent, and follow the typing from then on; the server's stay until their field changes.
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<TabCustomerErrors>({});
  const [round, setRound] = useState<CartLine[]>([]);
  const [roundErrors, setRoundErrors] = useState<Record<number, string>>({});
  // The round being sent: one at a time (a second tap while it goes sends nothing), under one
  // Idempotency-Key until it is answered, so a retry after a lost answer is the same round, not another.
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const roundKey = useRef<string | null>(null);
  // Pacing, as at checkout: while the earliest window is full, the round is quoted and says when it can
  // be ready ('Ready from 8:45 PM'); it is sent for that later window.
  const [readyFrom, setReadyFrom] = useState('');
  const paced = (doc.merchant.checkoutOptions.maxOrdersPerSlot ?? 0) > 0 && tab?.status === 'open' && round.length > 0;
  const roundQuoteBody: QuoteBody = { lineItems: roundLineItems(round), fulfillment: { type: 'TAB' }, paymentProcessor: 'TBD', testMode, ...(readyFrom ? { readyFrom } : {}) };
  const roundQuote = useQuote(merchantId, paced ? roundQuoteBody : null);
  useOfferedWindow(roundQuote, readyFrom, setReadyFrom);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
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
  // The card was confirmed (Stripe's webhook closes the tab), or the diner is to pay staff in cash (staff
  // close it): the page reads the tab until it is closed.
  const awaitingCash = tab?.status === 'awaiting_cash';
  useEffect(() => {
    if ((!confirming && !awaitingCash) || !held) return;
    let stopped = false;
    const every = confirming ? 1000 : 3000;
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
        await new Promise((resolve) => setTimeout(resolve, every));
      }
    };
    void read();
    return () => {
      stopped = true;
    };
  }, [confirming, awaitingCash, held, merchantId]);

  const formErrors: TabCustomerErrors = { ...refused, ...(tried ? tabCustomerErrors(form) : {}) };
  const edit = (name: keyof TabCustomer, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setRefused(({ [name]: _gone, ...rest }) => rest);
  };
  const open = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setTried(true);
    if (Object.keys(tabCustomerErrors(form)).length > 0) return;
    try {
      const customer = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), phone: '' };
      const opened = await openTab(merchantId, { customer, testMode, ...(tag ? { tagId: tag.id } : {}) });
      const next = { tabId: opened.tabId, token: opened.token };
      localStorage.setItem(keyOf(merchantId), JSON.stringify(next));
      setHeld(next);
      setTab(opened.tab);
    } catch (err) {
      const answer = tabOpenRefusal(errorText(err), err instanceof ApiError ? err.errors : undefined);
      setRefused(answer.fields);
      setError(answer.general.join(' ') || null);
    }
  };
  // Editing the round: a refusal's line messages were for the round as it was sent.
  const changeRound = (next: CartLine[]) => {
    roundKey.current = null;
    setRound(next);
    setRoundErrors({});
  };
  const add = (productId: string) => {
    const product = doc.products[productId];
    if (!product) return;
    if (addsThroughSheet(product, doc.modifiers)) setOpenProduct(productId);
    else changeRound(addLine(round, plainLine(product)));
  };
  const send = async () => {
    if (!held || sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setError(null);
    setRoundErrors({});
    roundKey.current ??= newIdempotencyKey();
    try {
      const sent = await sendRound(held.tabId, held.token, roundLineItems(round), roundKey.current, readyFrom || undefined);
      roundKey.current = null;
      setTab(sent.tab);
      setRound([]);
      // The next round asks again: by then the earliest window may have room.
      setReadyFrom('');
    } catch (err) {
      // An answer (a refusal) ends the round's key: the next send is a new round. A lost answer keeps it.
      if (err instanceof ApiError && err.status > 0 && err.status < 500) roundKey.current = null;
      // The window filled up meanwhile: the next one with room is offered (read from a new quote), as at checkout.
      if (err instanceof ApiError && err.code === 'slot_full') {
        const next = await nextWindow(merchantId, roundQuoteBody);
        if (next) setReadyFrom(next);
      }
      // A refused round stays as it was: its lines say what is wrong, to change or remove before sending again.
      const answer = roundRefusal(errorText(err), err instanceof ApiError ? err.errors : undefined);
      setRoundErrors(answer.lines);
      setError(answer.general.join(' ') || null);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };
  // Cash is asked for, not paid: the tab waits for staff (the page keeps it until they close it).
  const close = async () => {
    if (!held) return;
    setError(null);
    try {
      setTab(await closeTab(held.tabId, held.token));
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

  const field = (name: keyof TabCustomer, label: string, autoComplete: string, type = 'text') => (
    <TextField label={label} name={name} type={type} autoComplete={autoComplete} value={form[name]} onChange={(e) => edit(name, e.target.value)} error={formErrors[name]} />
  );
  const products = Object.values(doc.products).filter((p) => !p.soldOut);
  const product = openProduct ? doc.products[openProduct] : undefined;

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <h1 style={{ fontSize: 22 }}>{doc.merchant.name}</h1>
      {!held ? (
        <form onSubmit={(event) => void open(event)} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <h2>{tabTexts.title}</h2>
          <p>{tabTexts.text}</p>
          {field('firstName', tabTexts.firstName, 'given-name')}
          {field('lastName', tabTexts.lastName, 'family-name')}
          {field('email', tabTexts.email, 'email', 'email')}
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
                <button type="button" className="sf-btn" style={{ width: 'auto' }} aria-label={`${tabTexts.add} ${p.title}`} onClick={() => add(p.id)}>
                  {tabTexts.add}
                </button>
              </li>
            ))}
          </ul>
          <h2>{tabTexts.round}</h2>
          <CartLines
            lines={round}
            edit={{ setQuantity: (key, quantity) => changeRound(setLineQuantity(round, key, quantity)), remove: (key) => changeRound(removeLine(round, key)) }}
            currency={currency}
            errors={roundErrors}
            testId="tab-round-line"
            empty={tabTexts.emptyRound}
          />
          {round.length > 0 ? (
            <div className="sf-row">
              <span>{sm.subtotal}</span>
              <span data-testid="tab-round-subtotal">{formatMinor(subtotalMinor(round), currency)}</span>
            </div>
          ) : null}
          {paced && roundQuote.pacing ? (
            <p className="sf-note" data-testid="tab-ready-from">
              {roundQuote.pacing.message}
            </p>
          ) : null}
          <button type="button" className="sf-btn" disabled={round.length === 0 || sending} aria-busy={sending} onClick={() => void send()}>
            {tabTexts.send}
          </button>
          {product ? (
            <ProductSheet
              product={product}
              modifiers={modifiersOf(product, doc.modifiers)}
              currency={currency}
              blockedReason={null}
              onAdd={(line) => {
                changeRound(addLine(round, line));
                setOpenProduct(null);
              }}
              onClose={() => setOpenProduct(null)}
            />
          ) : null}
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
          {awaitingCash && !cardPayment ? (
            <p role="status" data-testid="tab-awaiting-cash">
              {tabTexts.awaitingCash(formatMajor(tab.total, currency))}
            </p>
          ) : null}
          {tab.status !== 'closed' && tab.rounds.length > 0 && !cardPayment && !confirming ? (
            <>
              {tab.status === 'open' ? (
                <button type="button" className="sf-btn" onClick={() => void close()}>
                  {tabTexts.close}
                </button>
              ) : null}
              {card ? (
                <button type="button" className="sf-btn" style={{ marginTop: 8 }} onClick={() => void payByCard()}>
                  {tabTexts.payCard}
                </button>
              ) : null}
            </>
          ) : null}
          {tab.status !== 'closed' && cardPayment && held && !confirming ? (
            <CardPayment orderId={held.tabId} payment={cardPayment} amount={formatMajor(tab.total, currency)} returnUrl={window.location.href} onSubmitted={() => setConfirming(true)} />
          ) : null}
          {confirming ? <p role="status">{tabTexts.confirming}</p> : null}
          {tab.status === 'closed' ? (
            <p role="status" data-testid="tab-closed">
              {tabTexts.closed}.{paidOf(tab) > 0 ? ` ${(tab.payment?.paymentProcessor === 'STRIPE' ? tabTexts.paidByCard : tabTexts.paid)(formatMajor(paidOf(tab), currency))}` : ''}
            </p>
          ) : null}
        </section>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
