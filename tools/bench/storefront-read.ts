/**
 * The public storefront document through the gateway (issue 6 bench a): a merchant with 3 menus, 60
 * products and 10 modifiers, read anonymously by handle, against a bare node:http server answering
 * the same body, with the same client in the same run.
 *   npx tsx tools/bench/storefront-read.ts      (an embedded PostgreSQL in a temporary DATA_DIR)
 * Prints: storefront-read: read/s=… p99=…ms baseline/s=… p99=…ms ratio=…   (ratio = read/s ÷ baseline/s; the goal is ≥ 0.25)
 */
import { measureGets, runBench, serveStatic, withEmbeddedPlatform } from './lib/harness';

const MENUS = 3;
const PRODUCTS = 60;
const MODIFIERS = 10;
const CONNECTIONS = 16;
const SECONDS = 8;

async function main() {
  await withEmbeddedPlatform('storefront', async ({ url, post }) => {
    const { token } = await post('/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' });
    const { id: merchantId } = await post('/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro', description: 'Stadium food' }, token);
    const at = (entity: string) => `/v1/merchants/${merchantId}/${entity}`;
    const modifierIds: string[] = [];
    for (let i = 0; i < MODIFIERS; i++) {
      const options = [1, 2, 3, 4].map((n) => ({ label: `Option ${n}`, additionalCost: n * 0.5, additionalCalories: n * 10 }));
      modifierIds.push((await post(at('modifiers'), { title: `Choice ${i}`, instructions: 'Pick', options, rules: { required: i % 2 === 0, allowedMultiple: i % 3 === 0 } }, token)).id!);
    }
    const productIds: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const product = {
        title: `Dish ${String(i).padStart(3, '0')}`, description: 'A dish with a description of ordinary length for a menu.', price: 5 + (i % 20) + 0.25,
        code: `D-${i}`, images: [`https://cdn.example/dishes/${i}.jpg`], manageStock: i % 10 === 0, stockQuantity: i % 20, modifiers: [modifierIds[i % MODIFIERS], modifierIds[(i + 3) % MODIFIERS]],
      };
      productIds.push((await post(at('products'), product, token)).id!);
    }
    for (let i = 0; i < MENUS; i++) {
      const products = productIds.filter((_, n) => n % MENUS === i);
      await post(at('menus'), { title: `Menu ${i}`, availability: i === 0 ? { allDayMenu: true } : { allDayMenu: false, begin: '1100', end: '2200' }, products }, token);
    }
    const readUrl = `${url}/v1/storefront/bench-bistro`;
    const answer = await fetch(readUrl);
    const body = await answer.text();
    const document = JSON.parse(body) as { menus: unknown[]; products: object; modifiers: object };
    if (document.menus.length !== MENUS || Object.keys(document.products).length !== PRODUCTS || Object.keys(document.modifiers).length !== MODIFIERS) {
      throw new Error('the storefront document does not hold the bench merchant');
    }

    const bare = await serveStatic(body);
    await measureGets(readUrl, {}, CONNECTIONS, SECONDS); // warm-up
    const read = await measureGets(readUrl, {}, CONNECTIONS, SECONDS);
    const baseline = await measureGets(bare.url, {}, CONNECTIONS, SECONDS);
    bare.close();
    console.log(
      `storefront-read: read/s=${read.perSecond.toFixed(0)} p99=${read.p99.toFixed(1)}ms baseline/s=${baseline.perSecond.toFixed(0)} p99=${baseline.p99.toFixed(1)}ms body=${(body.length / 1024).toFixed(1)}KB ratio=${(read.perSecond / baseline.perSecond).toFixed(2)}`,
    );
  });
}

runBench(main);
