import type { CheckoutBody, QuoteBody } from '../api';
import type { CartLine } from '../cart/lines';
import type { CartTag } from '../cart/store';
import { enabledPickupMethods, enabledTypes } from '../domain/fulfillment';
import type { CardOptions, FulfillmentType, PaymentProcessor, PickupMethod, PublicCheckoutOptions } from '../domain/types';

/** What the checkout form holds; amounts as typed. */
export interface CheckoutForm {
  type: FulfillmentType;
  pickupMethod: PickupMethod | '';
  /** An ISO instant, or '' for as soon as possible. */
  pickupTime: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  couponCode: string;
  tip: string;
  ageConfirmed: boolean;
  paymentProcessor: PaymentProcessor;
  /** A TAG order's metadata values as the diner corrected them (enableTagMetadataEdit), by key. */
  tagValues: Record<string, string>;
  /** Pacing: the later window the checkout offered ('' = the earliest). */
  readyFrom: string;
}

/** The payments a diner may choose: cash, the card processor when the store takes cards in this mode, pay later when allowed. */
export const paymentProcessorsOf = (options: PublicCheckoutOptions, card: CardOptions | null): PaymentProcessor[] => [
  'CASH',
  ...(card ? [card.processor] : []),
  ...(options.enablePayLater ? (['TBD'] as const) : []),
];

/** Whether the diner must give a name and email (all but an anonymous self checkout). */
export const needsCustomer = (form: Pick<CheckoutForm, 'type'>, options: PublicCheckoutOptions): boolean =>
  !(form.type === 'SELF_CHECKOUT' && options.anonymousSelfCheckout);

/** The form's first state: pickup when offered (at the table when the diner came through a tag), cash. */
export function initialForm(options: PublicCheckoutOptions, tag: CartTag | null): CheckoutForm {
  const types = enabledTypes(options, tag);
  const methods = enabledPickupMethods(options);
  return {
    type: types.includes('TAG') ? 'TAG' : types.includes('PICKUP') ? 'PICKUP' : (types[0] ?? 'PICKUP'),
    pickupMethod: tag && methods.includes('TABLE') ? 'TABLE' : (methods[0] ?? 'COUNTER'),
    pickupTime: '',
    line1: '', line2: '', city: '', state: '', postalCode: '',
    firstName: '', lastName: '', email: '', phone: '',
    couponCode: '',
    tip: '',
    ageConfirmed: false,
    paymentProcessor: 'CASH',
    readyFrom: '',
    tagValues: Object.fromEntries((tag?.metadata ?? []).map(({ key, value }) => [key, value])),
  };
}

/**
 * The tip as typed: an amount of whole cents goes as a number ('$2.50' → 2.5); anything else goes as
 * typed, for the server to refuse on `tip` with its message ('1.234', '-5', 'abc'), so a typo never
 * turns into no tip or another tip unseen. Undefined when blank.
 */
function tipOf(text: string): number | string | undefined {
  const typed = text.trim().replace(/^[$€]/, '');
  if (typed === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(typed) ? Number(typed) : typed;
}

/**
 * The body of `POST /v1/merchants/{id}/orders` for this form and cart (docs/orders-api.md). Only
 * what the store takes is sent; prices never are (the server prices the order).
 */
export function checkoutBody(form: CheckoutForm, lines: CartLine[], options: PublicCheckoutOptions, tag: CartTag | null, testMode: boolean, card: CardOptions | null = null): CheckoutBody {
  const fulfillment: CheckoutBody['fulfillment'] = { type: form.type };
  if (form.type === 'PICKUP') {
    if (form.pickupMethod) fulfillment.pickupMethod = form.pickupMethod;
    if (form.pickupTime) fulfillment.pickupTime = form.pickupTime;
  }
  if (form.type === 'DELIVERY') {
    fulfillment.address = { line1: form.line1.trim(), city: form.city.trim(), state: form.state.trim(), postal_code: form.postalCode.trim() };
    if (form.line2.trim()) fulfillment.address.line2 = form.line2.trim();
  }
  if (form.type === 'TAG' && tag) {
    fulfillment.tagId = tag.id;
    if (options.enableTagMetadataEdit && tag.metadata) fulfillment.metadata = tag.metadata.map(({ key, value }) => ({ key, value: (form.tagValues[key] ?? value).trim() || value }));
  }
  const body: CheckoutBody = {
    lineItems: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, modifiers: l.modifiers })),
    fulfillment,
    paymentProcessor: form.paymentProcessor === 'TBD' && options.enablePayLater ? 'TBD' : (form.paymentProcessor === 'STRIPE' || form.paymentProcessor === 'SQUARE') && card ? card.processor : 'CASH',
  };
  if (needsCustomer(form, options)) {
    body.customer = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), phone: form.phone.trim() };
  }
  if (options.enableCoupons && form.couponCode.trim()) body.couponCode = form.couponCode.trim().toUpperCase();
  const tip = tipOf(form.tip);
  if (options.collectTips && tip !== undefined && tip !== 0) body.tip = tip;
  if (options.requireAgeRestriction) body.ageConfirmed = form.ageConfirmed;
  if (tag) body.tagId = tag.id;
  if (form.readyFrom) body.readyFrom = form.readyFrom;
  if (testMode) body.testMode = true;
  return body;
}

/** What the checkout's price quote is asked with: the body less who orders and where a delivery goes. */
export function quoteBody(body: CheckoutBody): QuoteBody {
  const { customer: _customer, ageConfirmed: _age, fulfillment: { address: _address, ...fulfillment }, ...rest } = body;
  return { ...rest, fulfillment };
}

/** The form's fields a server refusal can name (docs/orders-api.md), most specific first. */
export const FORM_FIELDS = [
  'fulfillment.type', 'fulfillment.tagId', 'fulfillment.pickupMethod', 'fulfillment.pickupTime',
  'fulfillment.address.line1', 'fulfillment.address.line2', 'fulfillment.address.city', 'fulfillment.address.state', 'fulfillment.address.postal_code', 'fulfillment.address',
  'customer.firstName', 'customer.lastName', 'customer.email', 'customer.phone', 'customer',
  'couponCode', 'tip', 'ageConfirmed', 'paymentProcessor', 'tagId',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface PlacedErrors {
  /** By the form's field. */
  fields: Partial<Record<FormField, string>>;
  /** By the cart's line index (`lineItems.{i}…`). */
  lines: Record<number, string>;
  /** Refusals that name no field of the form (a paused store, the minimum, stock). */
  general: string[];
}

/** What the server said of the cart's tag when it refused it (deleted, another store's, the other mode's), if it did. */
export const tagRefusal = (errors: PlacedErrors | undefined): string | undefined => errors?.fields['fulfillment.tagId'] ?? errors?.fields.tagId;

/**
 * The form once the cart's tag is forgotten (the server refused it): a TAG order becomes the store's
 * pickup (else its first other way), and a pickup at the table the first other method, as a diner
 * who came without a tag starts (initialForm).
 */
export function withoutTag(form: CheckoutForm, options: PublicCheckoutOptions): CheckoutForm {
  const fresh = initialForm(options, null);
  return {
    ...form,
    type: form.type === 'TAG' ? fresh.type : form.type,
    pickupMethod: form.pickupMethod === 'TABLE' ? fresh.pickupMethod : form.pickupMethod,
    tagValues: {},
  };
}

/** A refusal without what it said of the tag (shown once, as the reason the tag was forgotten). */
export function withoutTagErrors(errors: PlacedErrors): PlacedErrors {
  const { 'fulfillment.tagId': _fulfillmentTag, tagId: _tag, ...fields } = errors.fields;
  return { ...errors, fields };
}

/** Sorts a refusal's `errors` (and `message`) into the fields, the cart lines and the rest. */
export function placedErrors(message: string, errors: Record<string, string> | undefined): PlacedErrors {
  const out: PlacedErrors = { fields: {}, lines: {}, general: [] };
  for (const [key, text] of Object.entries(errors ?? {})) {
    const line = /^lineItems\.(\d+)(\.|$)/.exec(key);
    if (line) {
      out.lines[Number(line[1])] ??= text;
      continue;
    }
    const field = FORM_FIELDS.find((f) => key === f || key.startsWith(`${f}.`));
    if (field) out.fields[field] ??= text;
    else if (!out.general.includes(text)) out.general.push(text);
  }
  const shown = new Set([...Object.values(out.fields), ...Object.values(out.lines), ...out.general]);
  if (message && !shown.has(message)) out.general.unshift(message);
  return out;
}
