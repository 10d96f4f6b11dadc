import type { Logger } from '@seatside/chassis';
import { hoursSection, sampleMerchants } from '@seatside/catalog/src/demo/samples';

/** Who owns the sample merchants that `DEMO_DATA=true` seeds. */
export const demoAccount = { email: 'demo@seatside.test', password: 'seatside-demo', firstName: 'Demo', lastName: 'Merchant' };

type Answer = { status: number; body: Record<string, unknown> };

/**
 * Seeds the two sample merchants with their products and menus through the platform's own API, as a
 * merchant would create them; idempotent: a merchant whose handle is taken is left alone.
 */
export async function seedDemoData(baseUrl: string, logger: Logger): Promise<void> {
  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, body: ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown> };
  };
  const must = (answer: Answer, what: string): Record<string, unknown> => {
    if (answer.status >= 300) throw new Error(`demo data: ${what} failed (${answer.status}): ${String(answer.body.message ?? '')}`);
    return answer.body;
  };

  let session = await call('/v1/auth/sign-in', { body: { email: demoAccount.email, password: demoAccount.password } });
  if (session.status === 401) session = await call('/v1/auth/sign-up', { body: demoAccount });
  const token = must(session, 'the demo account').token as string;

  for (const sample of sampleMerchants) {
    if ((await call(`/v1/handles/${sample.handle}`)).status !== 404) continue;
    const { name, handle, description, timeZone } = sample;
    const merchantId = must(await call('/v1/merchants/create', { token, body: { name, handle, description, timeZone, googlePlaceId: '' } }), sample.name).id as string;
    if (sample.hours) must(await call(`/v1/merchants/${merchantId}`, { token, body: { hours: hoursSection(sample.hours) } }), `${sample.name}'s hours`);
    const ids = new Map<string, string>();
    for (const product of sample.products) {
      const created = must(await call(`/v1/merchants/${merchantId}/products`, { token, body: { ...product, images: [] } }), product.title);
      ids.set(product.code, created.id as string);
    }
    for (const { productCodes, ...menu } of sample.menus) {
      must(await call(`/v1/merchants/${merchantId}/menus`, { token, body: { ...menu, products: productCodes.map((code) => ids.get(code)) } }), menu.title);
    }
    logger.info({ merchantId, handle }, `demo data: seeded ${sample.name}`);
  }
}
