import { z } from 'zod';
import { moneyInput } from '@seatside/chassis';
import { checkoutMessages as m } from './messages';

/** The most of one item a line may order (docs/orders-api.md). */
export const MAX_QUANTITY = 10_000;

/**
 * The body of `POST /v1/merchants/{merchantId}/orders`. Amounts are major units, parsed once by the
 * chassis' money parser into integer minor units (`tip` becomes `tipMinor`). Anything else a
 * client sends (its own totals, prices, a tag's metadata) is dropped: the server prices the order.
 */
const lineItem = z.object({
  productId: z.string({ error: m.productRequired }).trim().min(1, m.productRequired).max(200),
  quantity: z.number({ error: m.quantityInvalid }).max(MAX_QUANTITY, m.quantityTooLarge).int(m.quantityInvalid).min(1, m.quantityInvalid),
  modifiers: z
    .array(z.object({ modifierId: z.string().trim().min(1).max(200), optionIds: z.array(z.string().min(1).max(200)).max(200).default([]) }))
    .max(100)
    .default([]),
  /** A group order's line names who added it (groups/): the host's order shows every participant's lines. */
  participant: z.string().trim().min(1).max(200).optional(),
});

/** A line as a diner asks for it (a group's participant too): the checkout's rules and messages. */
export const requestedLineItem = lineItem.omit({ participant: true });

const address = z.object({
  line1: z.string().trim().min(1, m.addressRequired).max(300),
  line2: z.string().trim().max(300).optional(),
  city: z.string().trim().min(1, m.addressRequired).max(200),
  state: z.string().trim().max(100).default(''),
  postal_code: z.string().trim().max(40).default(''),
});

const customer = z.object({
  firstName: z.string({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(200),
  lastName: z.string({ error: m.lastNameRequired }).trim().min(1, m.lastNameRequired).max(200),
  email: z.email({ error: m.emailInvalid }).max(320),
  phone: z.string().trim().max(50).default(''),
});

const fulfillment = z.object(
  {
    type: z.enum(['DELIVERY', 'PICKUP', 'SELF_CHECKOUT', 'TAG', 'TAB'], { error: m.fulfillmentTypeInvalid }),
    pickupMethod: z.enum(['COUNTER', 'TABLE', 'CURBSIDE', 'DRIVE_THROUGH'], { error: m.pickupMethodNotAvailable }).optional(),
    pickupTime: z.iso.datetime({ offset: true, error: m.pickupTimeInvalid }).optional(),
    address: address.optional(),
    /** TAG: the tag at the diner's table or seat, and the values the diner corrected (with enableTagMetadataEdit). */
    tagId: z.string().trim().min(1).max(200).optional(),
    metadata: z.array(z.object({ key: z.string().max(200), value: z.string().max(800) })).max(50).optional(),
  },
  { error: m.fulfillmentTypeInvalid },
);

/** The checkout's fields as the client sends them (a group's place and a tab's round are documented from them). */
export const checkoutBody = z.object({
  lineItems: z.array(lineItem, { error: m.lineItemsRequired }).min(1, m.lineItemsRequired).max(200),
  fulfillment,
  paymentProcessor: z.enum(['CASH', 'STRIPE', 'SQUARE', 'TBD'], { error: m.paymentProcessorInvalid }),
  couponCode: z.string().trim().max(100).optional(),
  tip: moneyInput({ invalid: m.tipInvalid, tooPrecise: m.tipTooPrecise, tooLarge: m.tipTooLarge }).optional(),
  tagId: z.string().trim().min(1).max(200).optional(),
  customer: customer.optional(),
  ageConfirmed: z.boolean().optional(),
  testMode: z.boolean().optional().describe('A sandbox order against the sandbox catalog. Default: production; with an API key, the key’s own mode (the other mode: 403).'),
  /** Pacing: the later window the diner accepted ('Ready from 8:45 PM', checkout/pacing.ts). */
  readyFrom: z.iso.datetime({ offset: true, error: m.readyFromInvalid }).optional(),
  /** SQUARE: the card token the diner's browser got from Square's Web Payments SDK (single use; never stored). */
  sourceId: z.string().trim().min(1).max(500).optional(),
});

/** The parsed tip is minor units; it is named so. */
const withTipMinor = <T extends { tip?: number }>({ tip, ...rest }: T) => ({ ...rest, ...(tip === undefined ? {} : { tipMinor: tip }) });

export const checkoutRequest = checkoutBody.transform(withTipMinor);
export type CheckoutRequest = z.output<typeof checkoutRequest>;

/**
 * The body of `POST /v1/merchants/{merchantId}/orders/quote`: a checkout's, less what the diner may
 * still be typing and the price does not depend on (customer, age confirmation, delivery address),
 * which is dropped.
 */
export const quoteRequest = checkoutBody.omit({ customer: true, ageConfirmed: true, sourceId: true }).extend({ fulfillment: fulfillment.omit({ address: true }) }).transform(withTipMinor);
export type QuoteRequest = z.output<typeof quoteRequest>;
export type RequestedLine = CheckoutRequest['lineItems'][number];
