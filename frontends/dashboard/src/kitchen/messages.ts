import { pickupMethodLabel } from '../orders/messages';

/** The kitchen display's and the runner view's strings (issue 27). */
export const kitchenMessages = {
  kitchenTitle: 'Kitchen',
  runnerTitle: 'Runner',
  openOrders: (n: number) => (n === 1 ? '1 open order' : `${n} open orders`),
  readyOrders: (n: number) => (n === 1 ? '1 order to deliver' : `${n} orders to deliver`),
  noOrders: 'No open orders',
  noReady: 'Nothing to deliver',
  accept: 'Accept',
  ready: 'Ready',
  delivered: 'Delivered',
  collect: (amount: string) => `Collect ${amount} in cash`,
  /** A pay-later order: the diner pays at the seat, in cash or by card. */
  collectLater: (amount: string) => `Collect ${amount} (pay later)`,
  pickup: 'Pickup',
  pickupMethods: pickupMethodLabel,
  /** A tab's round: the tab's name (its diner's). */
  tab: (name?: string) => (name ? `Tab · ${name}` : 'Tab'),
  /** An order for a pickup time the diner chose. */
  pickupAt: (time: string) => `Pickup at ${time}`,
  minutes: (n: number) => `${n} min`,
  late: 'Late',
  newOrder: (code: string, where?: string) => (where ? `New order ${code} · ${where}` : `New order ${code}`),
  soundOn: 'Sound on',
  soundOff: 'Tap to turn the sound on',
  failed: 'That did not go through. Tap again.',
  liveStatus: { connecting: 'Connecting…', live: 'Live', offline: 'Reconnecting…', refused: 'Live updates are off' },
} as const;
