import fc from 'fast-check';
import type { Response } from 'supertest';
import { MAX_AMOUNT_MINOR } from '@seatside/chassis';
import { asSent, badAmounts, isAcceptableAmount, majorOfInput, moneyInputOrCents } from '@seatside/chassis/src/money.testkit';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from './index';
import { couponMessages } from './coupons/coupon';
import { modifierMessages } from './modifiers/modifier';
import { productMessages } from './products/product';
import { serviceMessages } from './services/service';
import { checkoutMessages } from './tenants/checkout-options';

/**
 * Every money field of the catalog through its real router: an amount is taken exactly as asked
 * (whole cents, 0..999,999.99) or refused with 400 problem+json and the field's message; nothing
 * stored or answered is ever NaN, null or negative (docs/catalog-api.md "Amounts").
 */
describe('catalog money inputs', () => {
  let svc: TestService;
  let alice: string;
  let merchant: string;
  let codes = 0;
  const base = () => `/v1/merchants/${merchant}`;
  const post = (path: string, body: object) => svc.http().post(`${base()}${path}`).set('authorization', alice).send(body);
  const get = async (path: string) => (await svc.http().get(`${base()}${path}`).set('authorization', alice)).body;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Money Shop', handle: 'money-shop' })).body.id;
  });
  afterAll(() => svc.stop());

  const refused = (res: Response, field: string, message: string) => {
    expect([res.status, res.type, res.body.errors]).toEqual([400, 'application/problem+json', { [field]: message }]);
  };

  describe('the attacks, refused with a message that says why', () => {
    it('given a price of 1e308 or 1,000,000, then 400 saying the maximum; 999,999.99 is taken', async () => {
      refused(await post('/products', { title: 'Gold', price: 1e308 }), 'price', 'Price must be at most 999,999.99');
      refused(await post('/products', { title: 'Gold', price: '1000000' }), 'price', 'Price must be at most 999,999.99');
      const max = await post('/products', { title: 'Gold', price: 999_999.99 });
      expect((await get(`/products/${max.body.id}`)).price).toBe(999_999.99);
    });

    it('given a price of 1e-7 (NaN cents before) or 1.005, then 400 on the places, nothing stored', async () => {
      const before = (await svc.committed()).length;
      refused(await post('/products', { title: 'Dust', price: 1e-7 }), 'price', productMessages.priceTooPrecise);
      refused(await post('/products', { title: 'Dust', price: '1.005' }), 'price', productMessages.priceTooPrecise);
      refused(await post('/services', { title: 'Dust', price: 1e-7, duration: 30 }), 'price', serviceMessages.priceTooPrecise);
      expect((await svc.committed()).length).toBe(before);
    });

    it('given a stock quantity of 1e308, then 400 saying the maximum, not "a whole number"', async () => {
      refused(await post('/products', { title: 'Pile', price: 1, stockQuantity: 1e308 }), 'stockQuantity', 'Stock quantity must be at most 1,000,000,000');
    });

    it('given a coupon of 101 percent, or a negative value, then 400 on value; 100 percent and a FIXED 0 are taken', async () => {
      refused(await post('/coupons', { title: 'All', code: 'P101', type: 'PERCENTAGE', value: 101 }), 'value', couponMessages.percentageTooLarge);
      refused(await post('/coupons', { title: 'All', code: 'PNEG', type: 'PERCENTAGE', value: -5 }), 'value', couponMessages.valueNegative);
      refused(await post('/coupons', { title: 'All', code: 'FNEG', type: 'FIXED', value: -5 }), 'value', couponMessages.valueNegative);
      refused(await post('/coupons', { title: 'All', code: 'MNEG', type: 'FIXED', value: 1, minimumOrderAmount: -1 }), 'minimumOrderAmount', couponMessages.valueNegative);
      const full = await post('/coupons', { title: 'All', code: 'P100', type: 'PERCENTAGE', value: 100 });
      expect((await get(`/coupons/${full.body.id}`)).value).toBe(100);
      expect((await post('/coupons', { title: 'Nothing', code: 'F0', type: 'FIXED', value: 0 })).status).toBe(201);
    });

    it('given a FIXED coupon of 500, when only its type becomes PERCENTAGE, then 400 (500 %) and it stays FIXED', async () => {
      const { id } = (await post('/coupons', { title: 'Five hundred', code: 'F500', type: 'FIXED', value: 500 })).body;
      refused(await post(`/coupons/${id}`, { type: 'PERCENTAGE' }), 'value', couponMessages.percentageTooLarge);
      expect(await get(`/coupons/${id}`)).toMatchObject({ type: 'FIXED', value: 500 });
    });

    it('given a negative or 1e-7 modifier option cost, then 400 on the option', async () => {
      const modifier = (additionalCost: unknown) => post('/modifiers', { title: 'Size', instructions: 'Pick', options: [{ label: 'L', additionalCost }] });
      refused(await modifier(-1), 'options.0.additionalCost', modifierMessages.additionalCostInvalid);
      refused(await modifier(1e-7), 'options.0.additionalCost', modifierMessages.additionalCostTooPrecise);
      refused(await modifier(1e308), 'options.0.additionalCost', 'Additional cost must be at most 999,999.99');
    });

    it('given a fee of 1e-7 or 1e308, then 400 on the fee', async () => {
      refused(await post('', { checkoutOptions: { deliveryFee: 1e-7 } }), 'checkoutOptions.deliveryFee', checkoutMessages.amountTooPrecise);
      refused(await post('', { checkoutOptions: { convenienceFee: 1e308 } }), 'checkoutOptions.convenienceFee', 'Please enter an amount of at most 999,999.99');
    });
  });

  /** One money field: how to send an input, the field its errors name, and what the API answers for it once taken. */
  type Field = {
    name: string;
    send: (input: unknown) => Promise<Response>;
    errorKey: string;
    messages: string[];
    rules?: { positive?: boolean; maxMinor?: number; blankIsZero?: boolean };
    answered: (res: Response) => Promise<unknown>;
  };

  const productMoney = Object.values(productMessages);
  const fields = (): Field[] => [
    { name: 'product price', send: (price) => post('/products', { title: 'P', price }), errorKey: 'price', messages: productMoney, answered: async (res) => (await get(`/products/${res.body.id}`)).price },
    {
      name: 'service price', send: (price) => post('/services', { title: 'S', price, duration: 30 }), errorKey: 'price', messages: Object.values(serviceMessages),
      rules: { positive: true }, answered: async (res) => (await get(`/services/${res.body.id}`)).price,
    },
    {
      name: 'coupon FIXED value', send: (value) => post('/coupons', { title: 'C', code: `PROPF${codes++}`, type: 'FIXED', value }), errorKey: 'value', messages: Object.values(couponMessages),
      answered: async (res) => (await get(`/coupons/${res.body.id}`)).value,
    },
    {
      name: 'coupon PERCENTAGE value', send: (value) => post('/coupons', { title: 'C', code: `PROPP${codes++}`, type: 'PERCENTAGE', value }), errorKey: 'value', messages: Object.values(couponMessages),
      rules: { maxMinor: 10_000 }, answered: async (res) => (await get(`/coupons/${res.body.id}`)).value,
    },
    {
      name: 'coupon minimumOrderAmount', send: (minimumOrderAmount) => post('/coupons', { title: 'C', code: `PROPM${codes++}`, type: 'FIXED', value: 1, minimumOrderAmount }),
      errorKey: 'minimumOrderAmount', messages: Object.values(couponMessages), answered: async (res) => (await get(`/coupons/${res.body.id}`)).minimumOrderAmount,
    },
    {
      name: 'modifier option cost', send: (additionalCost) => post('/modifiers', { title: 'M', instructions: 'Pick', options: [{ label: 'o', additionalCost }] }),
      errorKey: 'options.0.additionalCost', messages: Object.values(modifierMessages), answered: async (res) => (await get(`/modifiers/${res.body.id}`)).options[0].additionalCost,
    },
    ...(['deliveryFee', 'minimumOrderAmount', 'convenienceFee', 'tagDeliveryFee'] as const).map((fee): Field => ({
      name: `checkout ${fee}`, send: (amount) => post('', { checkoutOptions: { [fee]: amount } }), errorKey: `checkoutOptions.${fee}`, messages: Object.values(checkoutMessages),
      rules: { blankIsZero: true }, answered: async () => (await get('')).checkoutOptions[fee],
    })),
    {
      name: 'product price, updated', send: async (price) => post(`/products/${(await post('/products', { title: 'U', price: 1 })).body.id}`, { price }), errorKey: 'price', messages: productMoney,
      answered: async (res) => (await get(`/products/${res.body.id}`)).price,
    },
  ];

  it('property: for every money field, any input is answered exactly as asked or refused with the field message, never NaN, null or negative', async () => {
    for (const field of fields()) {
      const { positive = false, maxMinor = MAX_AMOUNT_MINOR, blankIsZero = false } = field.rules ?? {};
      const outcomes = { taken: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(moneyInputOrCents(0, Math.min(maxMinor, 100_000)), async (asked) => {
          const input = asSent(asked);
          const res = await field.send(input);
          const blank = blankIsZero && (input === null || (typeof input === 'string' && input.trim() === ''));
          if (blank || isAcceptableAmount(input, { positive, maxMinor })) {
            outcomes.taken++;
            expect({ field: field.name, status: res.status, answered: await field.answered(res) }).toEqual({ field: field.name, status: res.status === 200 ? 200 : 201, answered: blank ? 0 : majorOfInput(input) });
          } else {
            outcomes.refused++;
            expect({ field: field.name, status: res.status, type: res.type }).toEqual({ field: field.name, status: 400, type: 'application/problem+json' });
            expect(field.messages).toContain(res.body.errors?.[field.errorKey]);
          }
        }),
        { numRuns: 40 },
      );
      expect({ field: field.name, both: outcomes.taken * outcomes.refused > 0 }).toEqual({ field: field.name, both: true });
    }
    const events = await svc.committed();
    expect(badAmounts(events.map((e) => e.data), ['percentOff'])).toEqual([]);
    const answered = [await get('/products?limit=100'), await get('/services?limit=100'), await get('/coupons?limit=100'), await get('/modifiers?limit=100'), await get('')];
    expect(badAmounts(answered, ['price', 'value', 'minimumOrderAmount', 'additionalCost', 'deliveryFee', 'convenienceFee', 'tagDeliveryFee'])).toEqual([]);
  });
});
