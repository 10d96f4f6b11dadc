import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, fetchCardOptions, placeOrder } from '../api';
import { CartLines } from '../cart/CartPanel';
import { subtotalMinor } from '../cart/lines';
import { cartStore, usePricedFrom } from '../cart/store';
import { openState, productsOffMenuAt } from '../domain/hours';
import { formatMinor, toMinor } from '../domain/money';
import { orderAheadSlots, pickupSlots } from '../domain/slots';
import type { CardOptions, StorefrontDocument } from '../domain/types';
import { orderMessages as m } from './messages';
import { Link, navigate } from '../router';
import { inMode, useNow } from '../useStorefront';
import { PriceSummary } from '../parts/BillingLines';
import { rememberCardPayment } from '../payment/stripe';
import { attachSquareCard, squareToken, type SquareCard } from '../payment/square';
import { TextField } from './fields';
import { DeliveryAddressFields, FulfillmentTypeChoice, PaymentChoice, PickupMethodChoice } from './sections';
import { enabledTypes } from '../domain/fulfillment';
import { useStoreTitle } from '../title';
import { checkoutBody, initialForm, needsCustomer, placedErrors, quoteBody, tagRefusal, withoutTag, withoutTagErrors, type CheckoutForm, type PlacedErrors } from './form';
import { nextWindow, useOfferedWindow, useQuote } from './useQuote';

/** The first control the server refused (a field, or the first choice of a refused group). */
function firstInvalid(form: HTMLFormElement | null): HTMLElement | null {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid || invalid.tagName !== 'FIELDSET') return invalid ?? null;
  return invalid.querySelector<HTMLElement>('input:not([disabled])');
}

/**
 * Square's card form (Web Payments SDK), loaded and attached only when the diner chose Card and the
 * merchant takes cards through Square; hands the attached card up for the token at placing.
 */
function SquareCardField({ card, onCard }: { card: CardOptions; onCard: (card: SquareCard | null) => void }) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    let attached: SquareCard | undefined;
    if (!card.scriptUrl || !target.current) return;
    attachSquareCard(card.scriptUrl, card.publishableKey, card.accountId, target.current).then(
      (squareCard) => {
        attached = squareCard;
        if (gone) void squareCard.destroy();
        else onCard(squareCard);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      onCard(null);
      if (attached) void attached.destroy();
    };
  }, [card, onCard]);
  return (
    <div className="sf-field">
      <div ref={target} data-testid="square-card" />
      {failed ? <p className="sf-error">{m.cardFormUnavailable}</p> : null}
    </div>
  );
}

/** `/{handle}/checkout`: how and when, who, coupon, tip, age, payment; then the order is placed. */
export default function CheckoutPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  const now = useNow(60_000);
  const store = cartStore(handle, testMode);
  usePricedFrom(store, doc);
  const lines = store((s) => s.lines);
  const tag = store((s) => s.tag);
  const { merchant } = doc;
  useStoreTitle(m.checkoutTitle, merchant.name);
  const options = merchant.checkoutOptions;
  const currency = options.currency;
  const [form, setForm] = useState<CheckoutForm>(() => initialForm(options, tag));
  const [errors, setErrors] = useState<PlacedErrors>({ fields: {}, lines: {}, general: [] });
  const [placing, setPlacing] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const state = openState(merchant.hours, merchant.timeZone, now);
  // restrictUPCItemsToMenuTimes: no time at which a product of the cart is on no offered menu (the server refuses those).
  const offMenuAt = (at: Date) => (options.restrictUPCItemsToMenuTimes ? productsOffMenuAt(lines.map((l) => l.productId), doc.menus, merchant.timeZone, at) : []);
  // Closed now: the pickup times of the next opening (ordering ahead), and no order for now.
  const slots = (state.open ? pickupSlots(options, merchant.timeZone, now, state) : orderAheadSlots(options, merchant.hours, merchant.timeZone, now)).filter(
    (slot) => offMenuAt(new Date(slot.value)).length === 0,
  );
  const forNow = form.type !== 'PICKUP' || !form.pickupTime;
  const firstSlot = state.open ? undefined : slots[0]?.value;
  useEffect(() => {
    if (firstSlot) setForm((f) => (f.type === 'PICKUP' && !f.pickupTime ? { ...f, pickupTime: firstSlot } : f));
  }, [firstSlot, form.type]);
  const offMenuNow = forNow && offMenuAt(now).length > 0;
  const subtotal = subtotalMinor(lines);
  const minimum = toMinor(options.minimumOrderAmount);
  const set = <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A card, when the merchant's Stripe account can take one in this mode (else cash and pay later only).
  const [card, setCard] = useState<CardOptions | null>(null);
  // Square: the attached card form, and the token made for the checkout key in hand (a retry of one
  // attempt sends the same body, so a lost answer is answered, not charged twice).
  const [squareCard, setSquareCard] = useState<SquareCard | null>(null);
  const squareTokenRef = useRef<{ key: string; token: string } | null>(null);
  const paysBySquare = card?.processor === 'SQUARE' && form.paymentProcessor === 'SQUARE';
  useEffect(() => {
    const controller = new AbortController();
    fetchCardOptions(merchant.id, testMode, controller.signal).then(
      (answer) => setCard(answer.card),
      () => undefined,
    );
    return () => controller.abort();
  }, [merchant.id, testMode]);
  // The price as the server computes it, asked again as the cart and the form change; what it
  // refuses (a coupon, a tip, a line) shows by its field until placing says otherwise.
  const quote = useQuote(merchant.id, lines.length > 0 ? quoteBody(checkoutBody(form, lines, options, tag, testMode, card)) : null);
  // The cart's tag was refused (deleted since it was scanned, say), by the price quote or by placing:
  // it is forgotten, so the diner can still order (pickup) or scan again, and the reason stays in view.
  const [tagGone, setTagGone] = useState<string | null>(null);
  const forgetTag = useCallback(
    (reason: string) => {
      store.getState().setTag(null);
      setForm((f) => withoutTag(f, options));
      setTagGone(reason);
    },
    [store, options],
  );
  const quoteRefusedTag = tag ? tagRefusal(quote.refusal) : undefined;
  useEffect(() => {
    if (quoteRefusedTag) forgetTag(quoteRefusedTag);
  }, [quoteRefusedTag, forgetTag]);
  const field = { ...quote.refusal?.fields, ...errors.fields };
  // Pacing: the earliest window is full, so the order is offered a later one ('Ready from 8:45 PM').
  const acceptWindow = useCallback((readyFrom: string) => setForm((f) => ({ ...f, readyFrom })), []);
  useOfferedWindow(quote, form.readyFrom, acceptWindow);
  const lineErrors = { ...quote.refusal?.lines, ...errors.lines };

  const blocked = options.paused
    ? m.paused
    : !state.open && forNow
      ? enabledTypes(options, tag).includes('PICKUP') && slots.length > 0 ? m.closedChooseTime : m.closedNote
      : offMenuNow
        ? form.type === 'PICKUP' && slots.length > 0 ? m.notOnMenuNowPickup : m.notOnMenuNow
        : subtotal < minimum
          ? m.minimumOrder(formatMinor(minimum, currency))
          : null;

  async function submit() {
    if (placing || lines.length === 0 || blocked) return;
    setPlacing(true);
    setErrors({ fields: {}, lines: {}, general: [] });
    const key = store.getState().checkoutKeyToUse();
    try {
      let sourceId: string | undefined;
      if (paysBySquare) {
        if (squareTokenRef.current?.key !== key) {
          if (!squareCard) throw new ApiError(0, m.cardFormUnavailable);
          const tokenized = await squareToken(squareCard, m.cardNotRead);
          if ('error' in tokenized) throw new ApiError(0, tokenized.error);
          squareTokenRef.current = { key, token: tokenized.token };
        }
        sourceId = squareTokenRef.current.token;
      }
      const placed = await placeOrder(merchant.id, { ...checkoutBody(form, lines, options, tag, testMode, card), ...(sourceId ? { sourceId } : {}) }, key);
      squareTokenRef.current = null;
      // A Stripe order is placed unpaid: the order page takes the card (payment/stripe.ts). Square's is paid already.
      if (placed.payment?.clientSecret && card) rememberCardPayment(placed.id, { clientSecret: placed.payment.clientSecret, publishableKey: card.publishableKey, accountId: card.accountId });
      store.getState().placed();
      navigate(inMode(`/${handle}/orders/${encodeURIComponent(placed.id)}?token=${encodeURIComponent(placed.statusToken)}`, testMode), { state: { placed }, replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : String(error));
      // Square's token is single use: an answer (a declined card) means the next attempt needs a new one.
      if (apiError.status !== 0) squareTokenRef.current = null;
      // This key went with another cart (an earlier answer was lost): the next attempt starts afresh.
      if (apiError.code === 'idempotency_key_reused') store.setState({ checkoutKey: null });
      // The window filled up meanwhile: the next one with room is offered (read it from a new quote).
      if (apiError.code === 'slot_full') {
        const next = await nextWindow(merchant.id, quoteBody(checkoutBody(form, lines, options, tag, testMode, card)));
        if (next) acceptWindow(next);
      }
      const refused = placedErrors(apiError.message, apiError.errors);
      const tagReason = tagRefusal(refused);
      if (tagReason) forgetTag(tagReason);
      setErrors(tagReason ? withoutTagErrors(refused) : refused);
      requestAnimationFrame(() => (firstInvalid(formRef.current) ?? alertRef.current)?.focus());
    } finally {
      setPlacing(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="sf-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Link to={inMode(`/${handle}`, testMode)}>{m.backToMenu}</Link>
      <h1>{m.checkoutTitle}</h1>
      <p className="sf-desc">
        {merchant.name}
        {tag?.label ? ` · ${m.orderFor(tag.label)}` : ''}
      </p>
      <section aria-labelledby="sf-your-order">
        <h2 id="sf-your-order">{m.yourOrder}</h2>
        <CartLines lines={lines} edit={store.getState()} currency={currency} errors={lineErrors} />
      </section>

      <FulfillmentTypeChoice form={form} set={set} options={options} tag={tag} field={field} />
      {form.type === 'TAG' && tag?.metadata && options.enableTagMetadataEdit ? (
        <fieldset className="sf-fieldset">
          <legend>{m.deliverToWhere}</legend>
          <p className="sf-hint">{m.deliverToHint}</p>
          <div className="sf-grid2">
            {tag.metadata.map(({ key, value }) => (
              <TextField
                key={key}
                label={key}
                name={`tag.${key}`}
                value={form.tagValues[key] ?? value}
                onChange={(e) => setForm((f) => ({ ...f, tagValues: { ...f.tagValues, [key]: e.target.value } }))}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {form.type === 'PICKUP' ? (
        <>
          <PickupMethodChoice form={form} set={set} options={options} field={field} />
          <div className="sf-field">
            <label htmlFor="sf-pickup-time">{m.pickupTime}</label>
            <select id="sf-pickup-time" value={form.pickupTime} onChange={(e) => set('pickupTime', e.target.value)} aria-invalid={field['fulfillment.pickupTime'] ? true : undefined}>
              {state.open ? <option value="">{m.asSoonAsPossible}</option> : null}
              {slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.label}
                </option>
              ))}
            </select>
            {slots.length === 0 ? <p className="sf-hint">{m.noSlots}</p> : null}
            {field['fulfillment.pickupTime'] ? <p className="sf-error">{field['fulfillment.pickupTime']}</p> : null}
          </div>
        </>
      ) : null}
      {form.type === 'DELIVERY' ? <DeliveryAddressFields form={form} set={set} field={field} /> : null}

      {needsCustomer(form, options) ? (
        <fieldset className="sf-fieldset">
          <legend>{m.contact}</legend>
          {field.customer ? <p className="sf-error">{field.customer}</p> : null}
          <div className="sf-grid2">
            <TextField label={m.firstName} name="firstName" autoComplete="given-name" aria-required="true" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} error={field['customer.firstName']} />
            <TextField label={m.lastName} name="lastName" autoComplete="family-name" aria-required="true" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} error={field['customer.lastName']} />
          </div>
          <TextField label={m.email} name="email" type="email" autoComplete="email" aria-required="true" value={form.email} onChange={(e) => set('email', e.target.value)} error={field['customer.email']} />
          <TextField label={m.phone} name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} error={field['customer.phone']} />
        </fieldset>
      ) : null}

      {options.enableCoupons ? (
        <TextField label={m.couponCode} name="couponCode" autoCapitalize="characters" value={form.couponCode} onChange={(e) => set('couponCode', e.target.value)} error={field.couponCode} />
      ) : null}
      {options.collectTips ? <TipField form={form} set={set} subtotal={subtotal} currency={currency} error={field.tip} /> : null}
      {options.requireAgeRestriction ? (
        <div>
          <label className="sf-check">
            <input type="checkbox" checked={form.ageConfirmed} onChange={(e) => set('ageConfirmed', e.target.checked)} aria-invalid={field.ageConfirmed ? true : undefined} />
            <span>{m.ageConfirm(options.ageRestriction)}</span>
          </label>
          {field.ageConfirmed ? <p className="sf-error">{field.ageConfirmed}</p> : null}
        </div>
      ) : null}
      <PaymentChoice form={form} set={set} options={options} card={card} field={field} />
      {paysBySquare && card ? <SquareCardField card={card} onCard={setSquareCard} /> : null}

      <PriceSummary id="checkout-price" summary={quote.summary} pending={quote.pending} subtotalMinor={subtotal} currency={currency} />
      {quote.pacing ? (
        <p className="sf-note" data-testid="checkout-ready-from">
          {quote.pacing.message}
        </p>
      ) : null}
      <div ref={alertRef} tabIndex={-1} role="alert" aria-live="assertive">
        {[...(tagGone ? [tagGone] : []), ...(blocked && lines.length > 0 ? [blocked] : []), ...errors.general].map((text) => (
          <p key={text} className="sf-alert">
            {text}
          </p>
        ))}
      </div>
      <button type="submit" className="sf-btn" disabled={placing || lines.length === 0 || blocked !== null} aria-busy={placing}>
        {placing ? m.placing : m.placeOrder}
      </button>
    </form>
  );
}

/** Tip presets on the estimated subtotal, or any amount. */
function TipField({ form, set, subtotal, currency, error }: {
  form: CheckoutForm;
  set: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
  subtotal: number;
  currency: string;
  error?: string | undefined;
}) {
  const presets = [0, 10, 15, 20].map((percent) => ({ percent, amount: ((Math.round((subtotal * percent) / 100) / 100) || 0).toFixed(2) }));
  return (
    <fieldset className="sf-fieldset">
      <legend>{m.tip}</legend>
      <div className="sf-row" style={{ flexWrap: 'wrap', justifyContent: 'flex-start', marginBottom: 8 }}>
        {presets.map(({ percent, amount }) => (
          <button
            key={percent}
            type="button"
            className="sf-btn sf-btn-ghost"
            style={{ width: 'auto' }}
            aria-pressed={(form.tip || '0.00') === amount}
            onClick={() => set('tip', percent === 0 ? '' : amount)}
          >
            {percent === 0 ? m.noTip : `${percent}% · ${formatMinor(toMinor(Number(amount)), currency)}`}
          </button>
        ))}
      </div>
      <TextField label={m.tipAmount} name="tip" inputMode="decimal" value={form.tip} onChange={(e) => set('tip', e.target.value)} error={error} />
    </fieldset>
  );
}
