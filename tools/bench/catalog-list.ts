/**
 * A product list page through the gateway (100 rows, sorted by title, tenant-scoped, with a real
 * bearer token) against a bare node:http server answering a static JSON body of the same size, with
 * the same client in the same run.
 *   npx tsx tools/bench/catalog-list.ts      (an embedded PostgreSQL in a temporary DATA_DIR)
 * Prints: catalog-list: list/s=… p99=…ms baseline/s=… p99=…ms ratio=…   (ratio = list/s ÷ baseline/s)
 */
import { measureGets, profiled, runBench, serveStatic, withEmbeddedPlatform } from './lib/harness';

const PRODUCTS = 300;
const CONNECTIONS = 16;
const SECONDS = 8;

async function main() {
  await withEmbeddedPlatform('catalog', async ({ url, post }) => {
    const { token } = await post('/v1/auth/sign-up', { email: 'bench@example.com', password: 'bench-password', firstName: 'Bench' });
    const { id: merchantId } = await post('/v1/merchants/create', { name: 'Bench Bistro', handle: 'bench-bistro' }, token);
    for (let i = 0; i < PRODUCTS; i++) {
      await post(`/v1/merchants/${merchantId}/products`, { title: `Dish ${String(i).padStart(4, '0')}`, description: 'A dish', price: 5 + (i % 20), code: `D-${i}` }, token);
    }
    const listUrl = `${url}/v1/merchants/${merchantId}/products?sort=title&order=asc&limit=100`;
    const auth = { authorization: `Bearer ${token}` };
    const body = await (await fetch(listUrl, { headers: auth })).text();

    const bare = await serveStatic(body);
    await measureGets(listUrl, auth, CONNECTIONS, SECONDS); // warm-up
    const list = await profiled('catalog-list', () => measureGets(listUrl, auth, CONNECTIONS, SECONDS));
    const baseline = await measureGets(bare.url, {}, CONNECTIONS, SECONDS);
    bare.close();
    console.log(
      `catalog-list: list/s=${list.perSecond.toFixed(0)} p99=${list.p99.toFixed(1)}ms baseline/s=${baseline.perSecond.toFixed(0)} p99=${baseline.p99.toFixed(1)}ms body=${(body.length / 1024).toFixed(1)}KB ratio=${(list.perSecond / baseline.perSecond).toFixed(2)}`,
    );
  });
}

runBench(main);
