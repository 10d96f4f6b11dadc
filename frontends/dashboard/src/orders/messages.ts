import type { OrderType } from './api';

/** The order screens' strings (seed 001 §2, §3; docs/orders-api.md). */
export const orderMessages = {
  listTitle: 'Orders',
  entity: 'order',
  entityTitle: 'Order',
  columns: { code: 'Code', location: 'Seat', type: 'Type', status: 'Status', amountDue: 'Amount Due', received: 'Received' },
  sandbox: 'sandbox',
  awaitingCard: 'Awaiting card payment',
  received: 'Received',
  billingSummary: 'Billing Summary',
  subtotal: 'Subtotal',
  discounts: 'Discounts',
  tax: 'Tax',
  tip: 'Tip',
  deliveryFee: 'Delivery fee',
  tagDeliveryFee: 'Seat delivery fee',
  deliverTo: (where: string) => `Deliver to ${where}`,
  print: 'Print',
  convenienceFee: 'Convenience fee',
  platformFee: 'Platform fee',
  processingFee: 'Processing fee',
  amountDue: 'Amount due',
  cash: 'Cash',
  amountTendered: 'Amount tendered',
  changeDue: 'Change due',
  refunds: 'Refunds',
  refundAmount: 'Refund amount',
  refund: 'Refund',
  refundTitle: 'Refund this order',
  refundReason: 'Title',
  refundToCardText: (left: string) => `Up to ${left} can be refunded. It goes back to the diner's card.`,
  refundCashText: (left: string) => `Up to ${left} can be refunded. Hand the cash back to the diner.`,
  items: 'Items',
  customer: 'Customer',
  fulfillment: 'Fulfillment',
  actions: 'Actions',
  accept: 'Accept',
  ready: 'Ready',
  complete: 'Complete',
  cancel: 'Cancel',
  markPaid: 'Mark paid',
  markPaidTitle: 'Mark paid (cash)',
  cancelConfirm: 'Cancel this order?',
  cancelConfirmText: 'The diner will see it as cancelled. This action cannot be undone.',
  cancelRefundsCardText: (amount: string) => `${amount} goes back to the diner's card first. The diner will see the order as cancelled. This action cannot be undone.`,
  keepOrder: 'Keep order',
  cancelledAt: (at: string, reason: string) => (reason ? `Cancelled ${at}: ${reason}` : `Cancelled ${at}`),
  cancelOrder: 'Cancel order',
  debug: 'Debug',
  liveStatus: { connecting: 'Connecting…', live: 'Live', offline: 'Reconnecting…', refused: 'Live updates are off' },
  newOrder: (code: string, where?: string) => (where ? `New order ${code} · ${where}` : `New order ${code}`),
  orderChanged: (code: string, status: string) => `Order ${code} is now ${status}`,
} as const;

/** A pickup's method as a person reads it ('Pickup · Counter'), never its code (COUNTER). */
export const pickupMethodLabel: Record<string, string> = { COUNTER: 'Counter', TABLE: 'Table', CURBSIDE: 'Curbside', DRIVE_THROUGH: 'Drive-through' };

/** The order type as a person reads it. */
export const orderTypeLabel: Record<OrderType, string> = { DELIVERY: 'Delivery', PICKUP: 'Pickup', SELF_CHECKOUT: 'Self checkout', TAG: 'Seat delivery', TAB: 'Tab' };

/** The orders API's refusals of the refund form (services/orders: actionMessages, orderMessages). */
export const refundMessages = {
  titleRequired: 'Title is required',
  amountInvalid: 'Refund amount must be a number',
  amountNotPositive: 'The refund amount must be more than 0',
  amountTooLarge: 'The refund is larger than what is left to refund',
} as const;
