/** Marketing copy for the feature sections (home and /features), from seed 000 §1. */
export const features = [
  {
    id: 'order-types',
    title: 'Delivery, pickup and dine-in',
    body: 'Offer every way your guests want to order. Each order type can be switched on and off whenever you need.',
  },
  {
    id: 'tags',
    title: 'Order from the seat',
    body: 'NFC tags and QR codes carry a location such as a table, seat or hotel room, so orders arrive exactly where your guest is.',
  },
  {
    id: 'self-checkout',
    title: 'Self-checkout',
    body: 'Guests browse, pay by card and check out on their own phone. No app to install, no queue.',
  },
  {
    id: 'dashboard',
    title: 'One dashboard for merchants and venues',
    body: 'Create and manage merchants and venues, menus, products, coupons and orders in one place, with a sandbox to test in.',
  },
  {
    id: 'menu',
    title: 'A free digital menu',
    body: 'Your digital menu is free. Keep it up to date in seconds and every tag and QR code shows the change at once.',
  },
] as const;
