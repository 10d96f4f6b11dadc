/**
 * Every string the storefront shows, in one place (DESIGN §8: the spec's words exactly as written;
 * the orders service's refusals are reused as it words them, docs/orders-api.md).
 */
export const storefrontMessages = {
  // Seed 002 §9: open hours text.
  openAllDay: 'Open all day.',
  openToday: (opens: string, closes: string) => `Open Today: ${opens} - ${closes}`,
  closed: 'Currently closed.',
  // Seed 001 §3: a menu's window in 12-hour form.
  menuHours: (begin: string, end: string) => `${begin} - ${end}`,
  closedNote: 'Ordering opens again when the store does.',
  // restrictUPCItemsToMenuTimes: a product of the cart is on no menu offered now.
  notOnMenuNow: 'Some items in your order are not available at this time.',
  notOnMenuNowPickup: 'Some items in your order are not available now. Please choose a pickup time when they are.',
  // Seed 001 §8 empty state.
  noMenus: 'No menus found',
  /** No menu is open now: when the next one opens. */
  menusOpenAt: (time: string, tomorrow: boolean) => `Our menus open ${tomorrow ? 'tomorrow ' : ''}at ${time}.`,
  pageNotFound: 'Page not found',
  pageNotFoundText: 'There is no store at this address. Check the link, or go back home.',
  backHome: 'Back to home',
  soldOut: 'Sold out',
  // docs/orders-api.md refusals, also checked here before sending.
  paused: 'This store is not taking orders right now',
  minimumOrder: (amount: string) => `The minimum order amount is ${amount}`,
  minimumOrderNote: (amount: string) => `Minimum order: ${amount}`,
  modifierRequired: (title: string) => `${title} is required`,
  tooFewSelections: (title: string, min: number) => `Choose at least ${min} for ${title}`,
  tooManySelections: (title: string, max: number) => `Choose at most ${max} for ${title}`,
  handleNotFound: 'Handle not found',
  tagNotFound: 'Tag not found',
  tagNotFoundText: 'This tag does not lead to a store. Check the link, or ask a member of staff.',
  loading: 'Loading…',
  retry: 'Retry',
  venueStands: 'Order from',
  venueNoMerchants: 'No merchants are listed here yet.',
  venueGreeting: (name: string) => `Hi, ${name}!`,
  venueDashboard: 'Venue Dashboard',
  venueCookies: 'This site uses cookies to keep you signed in and your cart safe.',
  venueAddress: 'Address',
  venueHours: 'Hours',
  backToVenue: 'Back to the venue',
  storeUnavailable: 'This store could not be opened. Please ask a member of staff.',
  // Product sheet.
  addToOrder: (price: string) => `Add to order · ${price}`,
  quantity: 'Quantity',
  increase: 'Increase quantity',
  decrease: 'Decrease quantity',
  close: 'Close',
  chooseUpTo: (max: number) => (max === 1 ? 'Choose 1' : `Choose up to ${max}`),
  chooseExactly: (n: number) => `Choose ${n}`,
  required: 'Required',
  optional: 'Optional',
  // Cart.
  yourOrder: 'Your order',
  viewOrder: (count: number) => `View order · ${count} ${count === 1 ? 'item' : 'items'}`,
  emptyCart: 'Your order is empty.',
  remove: (title: string) => `Remove ${title}`,
  removeShort: 'Remove',
  quantityOf: (title: string) => `Quantity of ${title}`,
  subtotal: 'Subtotal',
  pricedAtCheckout: 'Taxes, fees and discounts are added when the order is placed.',
  checkout: 'Checkout',
  backToMenu: 'Back to menu',
  // The menu page's words about times (the checkout's and the order page's are in checkout/messages.ts).
  /** An order-ahead slot on the next day of the merchant's clock. */
  tomorrowAt: (time: string) => `Tomorrow, ${time}`,
  /** Closed now, open later: the menu page's note (orderAheadSlots). */
  orderAhead: (time: string) => `Order ahead for pickup from ${time}.`,
  currentWait: (minutes: number) => `About ${minutes} min`,
} as const;
