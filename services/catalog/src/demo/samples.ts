import { weekDays } from '../tenants/settings';

/**
 * The two sample merchants: seeded by `DEMO_DATA=true npm start`, and the only two the Import Test
 * Data setting accepts (seed 002 §5, §9). Prices in major units, as the API takes them.
 */
export type SampleProduct = { title: string; description: string; price: number; code: string; manageStock?: boolean; stockQuantity?: number };
export type SampleMenu = { title: string; description: string; availability: { allDayMenu: boolean; begin?: string; end?: string }; productCodes: string[] };
/** Opening hours every day of the week, as `HHMM` in the merchant's time zone; none: open all day. */
export type SampleHours = { open: string; close: string };
export type SampleMerchant = { name: string; handle: string; description: string; timeZone: string; hours?: SampleHours; products: SampleProduct[]; menus: SampleMenu[] };

export const sampleMerchants: readonly SampleMerchant[] = [
  {
    name: 'Stadium Grill',
    handle: 'stadium-grill',
    description: 'Burgers, hot dogs and cold drinks delivered to your seat.',
    timeZone: 'America/New_York',
    products: [
      { title: 'Classic Burger', description: 'Beef patty, cheddar, pickles, house sauce.', price: 12.5, code: 'GRL-001' },
      { title: 'Stadium Hot Dog', description: 'All-beef frank with mustard and onions.', price: 7, code: 'GRL-002' },
      { title: 'Loaded Nachos', description: 'Tortilla chips, cheese sauce, jalapeños.', price: 9.75, code: 'GRL-003' },
      { title: 'Soft Pretzel', description: 'Warm pretzel with salt and mustard.', price: 6, code: 'GRL-004', manageStock: true, stockQuantity: 40 },
      { title: 'Bottled Water', description: 'Still water, 500 ml.', price: 4, code: 'GRL-005' },
      { title: 'Craft Lemonade', description: 'Fresh lemonade, 16 oz.', price: 5.5, code: 'GRL-006' },
    ],
    menus: [
      { title: 'Game Day', description: 'Served from gates open to the final whistle.', availability: { allDayMenu: true }, productCodes: ['GRL-001', 'GRL-002', 'GRL-003', 'GRL-004'] },
      { title: 'Drinks', description: 'Cold drinks at your seat.', availability: { allDayMenu: true }, productCodes: ['GRL-005', 'GRL-006'] },
    ],
  },
  {
    name: 'Corner Café',
    handle: 'corner-cafe',
    description: 'Coffee, pastries and light lunches.',
    timeZone: 'America/Los_Angeles',
    // Open while its menus are (breakfast, then lunch): a diner is not told "Open all day." at night.
    hours: { open: '0700', close: '1500' },
    products: [
      { title: 'Espresso', description: 'Double shot.', price: 3.25, code: 'CAF-001' },
      { title: 'Cappuccino', description: 'Espresso with steamed milk foam.', price: 4.5, code: 'CAF-002' },
      { title: 'Butter Croissant', description: 'Baked every morning.', price: 3.75, code: 'CAF-003', manageStock: true, stockQuantity: 24 },
      { title: 'Avocado Toast', description: 'Sourdough, avocado, chili flakes.', price: 9, code: 'CAF-004' },
      { title: 'Soup of the Day', description: 'Ask for today’s soup.', price: 7.5, code: 'CAF-005' },
    ],
    menus: [
      { title: 'Breakfast', description: 'Until eleven.', availability: { allDayMenu: false, begin: '0700', end: '1100' }, productCodes: ['CAF-001', 'CAF-002', 'CAF-003', 'CAF-004'] },
      { title: 'Lunch', description: 'From eleven to three.', availability: { allDayMenu: false, begin: '1100', end: '1500' }, productCodes: ['CAF-001', 'CAF-002', 'CAF-004', 'CAF-005'] },
    ],
  },
];

/** The settings' `hours` section (docs/catalog-api.md "Settings") for the same hours every day. */
export const hoursSection = ({ open, close }: SampleHours) =>
  weekDays.map((day) => ({ day, isOpen: true, openAllDay: false, open: { time: open }, close: { time: close } }));

/** `GET /v1/demo/merchants` (no sign-in): the names the Import Test Data picker offers. */
export const sampleMerchantList = () => sampleMerchants.map(({ name, handle }) => ({ name, handle }));
