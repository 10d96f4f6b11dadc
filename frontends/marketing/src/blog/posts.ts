/**
 * The posts shipped with the site, listed after the articles published from the admin area
 * (`/v1/articles`, seed 000 §7 "articles").
 */
export interface Post {
  slug: string;
  title: string;
  date: string;
  excerpt: string;
  body: string[];
}

export const posts: Post[] = [
  {
    slug: 'ordering-from-the-seat',
    title: 'Ordering from the seat: how tags change the stadium experience',
    date: '2026-03-02',
    excerpt: 'An NFC tag or QR code on every seat turns a queue into a tap. Here is how venues set it up.',
    body: [
      'Every seat, table or hotel room gets a tag that carries its location. A guest taps the NFC tag or scans the QR code, orders and pays on their phone, and the order arrives at the right seat.',
      'Tags are created in the dashboard, can be activated in bulk, and values like seat numbers increment as you go, so a whole section is ready in minutes.',
    ],
  },
  {
    slug: 'switching-order-types',
    title: 'Delivery, pickup and dine-in: switch order types on and off',
    date: '2026-02-10',
    excerpt: 'Busy night? Turn delivery off for an hour. Each order type can be switched on and off at any time.',
    body: [
      'Seatside supports delivery, pickup and dine-in. Each order type can be switched on and off from the dashboard, so your menu always matches what the kitchen can handle.',
      'Your digital menu is free, and any change shows up on every tag and QR code at once.',
    ],
  },
  {
    slug: 'pricing-explained',
    title: 'Our pricing, explained',
    date: '2026-01-15',
    excerpt: 'The platform is free; a platform fee of 0.99 USD applies per order. No free trial needed.',
    body: [
      'The platform itself is free. A platform fee of 0.99 USD applies per order, and there is no free trial: you pay nothing until you take orders.',
      'For larger operators, flat subscription and enterprise pricing are available on request.',
    ],
  },
];

export const findPost = (slug: string | undefined) => posts.find((p) => p.slug === slug);
