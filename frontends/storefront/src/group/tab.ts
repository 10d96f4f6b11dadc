import { EMAIL_PATTERN } from '@seatside/rules';
import { lineKey, type CartLine } from '../cart/lines';
import { placedErrors } from '../checkout/form';
import { toMinor } from '../domain/money';
import type { StorefrontModifier, StorefrontProduct } from '../domain/types';

/**
 * The tab page's pure parts (docs/orders-api.md, Tabs): who opens the tab, checked as the orders
 * service checks it (its words), and the round a diner makes up before sending it.
 */

/** The orders service's words for the tab's customer (services/orders/src/tabs/http.ts). */
export const tabFormMessages = {
  firstNameRequired: 'First name is required',
  emailInvalid: 'Please enter a valid email',
} as const;

export interface TabCustomer {
  firstName: string;
  lastName: string;
  email: string;
}
export type TabCustomerErrors = Partial<Record<keyof TabCustomer, string>>;

/** What is wrong with the form, by field: a first name is needed and the email must look like one (an empty one too). */
export function tabCustomerErrors(form: TabCustomer): TabCustomerErrors {
  const errors: TabCustomerErrors = {};
  if (!form.firstName.trim()) errors.firstName = tabFormMessages.firstNameRequired;
  if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = tabFormMessages.emailInvalid;
  return errors;
}

/** A refused "Open Tab" sorted into the form's fields (`customer.email` → email) and the rest, as the checkout sorts a refusal. */
export function tabOpenRefusal(message: string, errors: Record<string, string> | undefined): { fields: TabCustomerErrors; general: string[] } {
  const sorted = placedErrors(message, errors);
  const fields: TabCustomerErrors = {};
  for (const name of ['firstName', 'lastName', 'email'] as const) {
    const text = sorted.fields[`customer.${name}`];
    if (text) fields[name] = text;
  }
  const others = Object.entries(sorted.fields).filter(([key]) => !/^customer\.(firstName|lastName|email)$/.test(key)).map(([, text]) => text);
  return { fields, general: [...sorted.general, ...others.filter((text) => !sorted.general.includes(text))] };
}

/** The modifiers of a product that the storefront document has (a deleted one is not offered). */
export const modifiersOf = (product: StorefrontProduct, modifiers: Record<string, StorefrontModifier>): StorefrontModifier[] =>
  product.modifiers.map((id) => modifiers[id]).filter((modifier): modifier is StorefrontModifier => !!modifier);

/** "Add" opens the menu's product sheet when there is something to choose (a required Size, say); else it adds one at once. */
export const addsThroughSheet = (product: StorefrontProduct, modifiers: Record<string, StorefrontModifier>): boolean => modifiersOf(product, modifiers).length > 0;

/** One of a product without options, as a round's line. */
export const plainLine = (product: StorefrontProduct): CartLine => ({
  key: lineKey(product.id, []),
  productId: product.id,
  title: product.title,
  quantity: 1,
  unitPriceMinor: toMinor(product.price),
  modifiers: [],
  optionLabels: [],
});

/** The round as `POST /v1/tabs/{tabId}/rounds` takes its lines. */
export const roundLineItems = (lines: CartLine[]) => lines.map(({ productId, quantity, modifiers }) => ({ productId, quantity, modifiers }));

/** A refused round: what belongs to a line (`lineItems.{i}…`, by the round's index) and the rest. */
export function roundRefusal(message: string, errors: Record<string, string> | undefined): { lines: Record<number, string>; general: string[] } {
  const sorted = placedErrors(message, errors);
  const general = [...sorted.general, ...Object.values(sorted.fields).filter((text) => !sorted.general.includes(text))];
  return { lines: sorted.lines, general };
}
