import type { CardOptions, PublicCheckoutOptions } from '../domain/types';
import { orderMessages as m } from './messages';
import { ChoiceGroup, TextField } from './fields';
import { enabledPickupMethods, enabledTypes } from '../domain/fulfillment';
import { paymentProcessorsOf, type CheckoutForm, type FormField } from './form';
import type { CartTag } from '../cart/store';

type Set = <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
type Fields = Partial<Record<FormField, string>>;

/** How the order is fulfilled: the types the store offers (a tag's 'Deliver to …' for a diner who came through one). */
export function FulfillmentTypeChoice({ form, set, options, tag, field }: { form: CheckoutForm; set: Set; options: PublicCheckoutOptions; tag: CartTag | null; field: Fields & { tagId?: string } }) {
  return (
    <ChoiceGroup
      legend={m.fulfillment}
      name="fulfillment.type"
      value={form.type}
      choices={enabledTypes(options, tag).map((t) => ({ value: t, label: t === 'TAG' && tag?.label ? m.deliverTo(tag.label) : m.fulfillmentTypes[t] }))}
      onChange={(t) => set('type', t)}
      error={field['fulfillment.type'] ?? field['fulfillment.tagId'] ?? field.tagId}
    />
  );
}

/** A pickup's method, among those the store offers. */
export function PickupMethodChoice({ form, set, options, field }: { form: CheckoutForm; set: Set; options: PublicCheckoutOptions; field: Fields }) {
  return (
    <ChoiceGroup
      legend={m.pickupMethod}
      name="fulfillment.pickupMethod"
      value={form.pickupMethod}
      choices={enabledPickupMethods(options).map((p) => ({ value: p, label: m.pickupMethods[p] }))}
      onChange={(p) => set('pickupMethod', p)}
      error={field['fulfillment.pickupMethod']}
    />
  );
}

/** A delivery's address. */
export function DeliveryAddressFields({ form, set, field }: { form: CheckoutForm; set: Set; field: Fields }) {
  return (
    <fieldset className="sf-fieldset">
      <legend>{m.address}</legend>
      {field['fulfillment.address'] ? <p className="sf-error">{field['fulfillment.address']}</p> : null}
      <TextField label={m.line1} name="line1" autoComplete="address-line1" value={form.line1} onChange={(e) => set('line1', e.target.value)} error={field['fulfillment.address.line1']} />
      <TextField label={m.line2} name="line2" autoComplete="address-line2" value={form.line2} onChange={(e) => set('line2', e.target.value)} error={field['fulfillment.address.line2']} />
      <TextField label={m.city} name="city" autoComplete="address-level2" value={form.city} onChange={(e) => set('city', e.target.value)} error={field['fulfillment.address.city']} />
      <div className="sf-grid2">
        <TextField label={m.state} name="state" autoComplete="address-level1" value={form.state} onChange={(e) => set('state', e.target.value)} error={field['fulfillment.address.state']} />
        <TextField label={m.postalCode} name="postalCode" autoComplete="postal-code" inputMode="numeric" value={form.postalCode} onChange={(e) => set('postalCode', e.target.value)} error={field['fulfillment.address.postal_code']} />
      </div>
    </fieldset>
  );
}

/** How the diner pays: cash, a card when the merchant's Stripe account takes one in this mode, or later when allowed. */
export function PaymentChoice({ form, set, options, card, field }: { form: CheckoutForm; set: Set; options: PublicCheckoutOptions; card: CardOptions | null; field: Fields }) {
  return (
    <ChoiceGroup
      legend={m.payment}
      name="paymentProcessor"
      value={form.paymentProcessor}
      choices={paymentProcessorsOf(options, card).map((p) => ({ value: p, label: p === 'CASH' || p === 'TBD' ? m.payments[p] : m.payments.STRIPE }))}
      onChange={(p) => set('paymentProcessor', p)}
      error={field.paymentProcessor}
    />
  );
}
