import { graphql } from 'graphql';
import { buildSubgraph } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from './index';

describe('the catalog subgraph', () => {
  let svc: TestService;
  let aliceMerchant: string;
  let bobMerchant: string;
  const bearer = async (uid: string) => `Bearer ${await svc.tokenFor({ uid })}`;
  const query = (source: string, principal?: { uid: string; claims: Record<string, unknown>; tenant?: { collection: string; id: string; testMode: boolean } }) =>
    graphql({ schema: buildSubgraph(svc.started.service.subgraph!), source, contextValue: { principal } });

  beforeAll(async () => {
    svc = await startTestService(catalogService);
    const alice = await bearer('alice');
    aliceMerchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Trattoria', handle: 'trattoria' })).body.id;
    bobMerchant = (await svc.http().post('/v1/merchants/create').set('authorization', await bearer('bob')).send({ name: 'Bob Burgers', handle: 'bob-burgers' })).body.id;
    const products = `/v1/merchants/${aliceMerchant}/products`;
    await svc.http().post(products).set('authorization', alice).send({ title: 'Cannoli', price: 4.75, code: 'B-1' }).expect(201);
    await svc.http().post(products).set('authorization', alice).send({ title: 'Antipasto', price: 12.5, code: 'A-1' }).expect(201);
    await svc.http().post(products).set('authorization', alice).send({ title: 'Test tiramisu', price: 6, code: 'T-1', testMode: true }).expect(201);
    await svc.http().post(`/v1/merchants/${aliceMerchant}/menus`).set('authorization', alice).send({ title: 'Dinner', availability: { allDayMenu: false, begin: '1700', end: '2230' } }).expect(201);
  });
  afterAll(() => svc.stop());

  it('given alice, when she asks for her merchants, then only hers, with production products by code and menus', async () => {
    const result = await query('{ merchants { id name handle products { title price code testMode } menus { title availability { allDayMenu begin end } } } }', { uid: 'alice', claims: {} });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      merchants: [
        {
          id: aliceMerchant, name: 'Trattoria', handle: 'trattoria',
          products: [
            { title: 'Antipasto', price: 12.5, code: 'A-1', testMode: false },
            { title: 'Cannoli', price: 4.75, code: 'B-1', testMode: false },
          ],
          menus: [{ title: 'Dinner', availability: { allDayMenu: false, begin: '1700', end: '2230' } }],
        },
      ],
    });
  });

  it('given testMode, then only sandbox products', async () => {
    const result = await query(`{ merchant(id: "${aliceMerchant}") { products(testMode: true) { title } } }`, { uid: 'alice', claims: {} });
    expect(result.data).toEqual({ merchant: { products: [{ title: 'Test tiramisu' }] } });
  });

  it('given bob, when he asks for alice’s merchant, then null, and his list does not show it', async () => {
    const result = await query(`{ merchant(id: "${aliceMerchant}") { name } merchants { id } }`, { uid: 'bob', claims: {} });
    expect(result.data).toEqual({ merchant: null, merchants: [{ id: bobMerchant }] });
  });

  it('given a sandbox API key of alice’s merchant, then it sees the merchant and sandbox products only, its own mode by default', async () => {
    const key = { uid: 'apikey:k1', claims: {}, tenant: { collection: 'merchants', id: aliceMerchant, testMode: true } };
    const result = await query(`{ merchants { id products { title } sandbox: products(testMode: true) { title } production: products(testMode: false) { title } } }`, key);
    expect(result.data).toEqual({ merchants: [{ id: aliceMerchant, products: [{ title: 'Test tiramisu' }], sandbox: [{ title: 'Test tiramisu' }], production: [] }] });
  });

  it('given no caller, then nothing', async () => {
    const result = await query(`{ merchants { id } merchant(id: "${aliceMerchant}") { id } }`);
    expect(result.data).toEqual({ merchants: [], merchant: null });
  });
});
