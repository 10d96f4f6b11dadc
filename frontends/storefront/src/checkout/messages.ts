import { translatable } from '../domain/translate';
import { storefrontMessages } from '../messages';

/**
 * The words of the checkout and the order page: only the pages that show them load them, so a first
 * visit to the menu carries none of them. `orderMessages` reads the storefront's own (messages.ts)
 * through its prototype, so a merchant's translations of either reach these pages.
 */
const orderWords = {
  // Checkout.
  checkoutTitle: 'Checkout',
  fulfillment: 'How would you like your order?',
  fulfillmentTypes: { DELIVERY: 'Delivery', PICKUP: 'Pickup', SELF_CHECKOUT: 'Self checkout', TAG: 'Deliver to your seat' },
  deliverTo: (label: string) => `Deliver to ${label}`,
  deliverToWhere: 'Where we bring it',
  deliverToHint: 'Seat moved? Correct it here.',
  pickupMethod: 'Pickup method',
  pickupMethods: { COUNTER: 'Counter', TABLE: 'Table', CURBSIDE: 'Curbside', DRIVE_THROUGH: 'Drive-through' },
  pickupTime: 'Pickup time',
  asSoonAsPossible: 'As soon as possible',
  noSlots: 'No pickup times are left today.',
  // The orders service's words for an order for now while closed (docs/orders-api.md).
  closedChooseTime: 'This store is closed right now. Please choose a pickup time when it is open',
  address: 'Delivery address',
  line1: 'Address',
  line2: 'Apartment, suite (optional)',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP code',
  contact: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone (optional)',
  couponCode: 'Coupon code',
  tip: 'Tip',
  tipAmount: 'Tip amount',
  noTip: 'No tip',
  ageConfirm: (age: number) => `I am ${age}+ years old`,
  payment: 'Payment',
  payments: { CASH: 'Cash', TBD: 'Pay later', STRIPE: 'Card' },
  // Paying by card, on the order page.
  payByCard: 'Pay by card',
  pay: (amount: string) => `Pay ${amount}`,
  paying: 'Paying…',
  cardFormUnavailable: 'The card form could not be loaded. Please check your connection and try again.',
  /** Square's card form gave no token and no words of its own. */
  cardNotRead: 'The card could not be read. Please check it and try again.',
  cardSubmitted: 'Payment submitted. The status shows PAID once your card is charged.',
  placeOrder: 'Place order',
  placing: 'Placing order…',
  orderFor: (location: string) => `Ordering for ${location}`,
  // Confirmation.
  orderPlaced: 'Order placed',
  orderCode: 'Order code',
  status: 'Status',
  /** The status in a diner's words (the code stays in data-status). */
  statuses: {
    PLACED: 'Received',
    ACCEPTED: 'Being prepared',
    READY: 'Ready for pickup',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
    PAID: 'Paid',
    REFUNDED: 'Refunded',
  } as Record<string, string>,
  /** A delivery's (to the seat, to an address): never 'pickup'; 'Delivered' as the runner marks it. */
  deliveryStatuses: {
    READY: 'Ready for delivery',
    COMPLETED: 'Delivered',
  } as Record<string, string>,
  /** The page's heading follows the order: placed, then accepted, ready, completed… */
  headings: {
    ACCEPTED: 'Order accepted',
    READY: 'Your order is ready',
    COMPLETED: 'Order completed',
    CANCELLED: 'Order cancelled',
    REFUNDED: 'Order refunded',
  } as Record<string, string>,
  billingSummary: 'Billing summary',
  discounts: 'Discounts',
  tax: 'Tax',
  deliveryFee: 'Delivery fee',
  tagDeliveryFee: 'Seat delivery fee',
  convenienceFee: 'Convenience fee',
  platformFee: 'Platform fee',
  processingFee: 'Processing fee',
  amountDue: 'Amount due',
  orderNotFound: 'Order not found',
  orderMore: 'Order more',
  refreshing: 'This page updates by itself.',
  readyBetween: (from: string, to: string) => `Ready between ${from} and ${to}`,
  /** An order for a chosen pickup time the kitchen will have ready by then. */
  readyAt: (at: string) => `Ready at ${at}`,
  pickupTimeIs: (at: string) => `Pickup time: ${at}`,
} as const;

export const orderMessages = translatable(Object.assign(Object.create(storefrontMessages) as typeof storefrontMessages, orderWords));
