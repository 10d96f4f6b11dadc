import { graphql } from 'graphql';
import { buildSubgraph, type Principal } from '@seatside/chassis';
import { pngOf } from '@seatside/chassis/src/testkit/images';
import { startMediaTestService, type MediaTestService } from './testing';

describe('the media subgraph', () => {
  let svc: MediaTestService;
  const merchant = 'm-gallery';
  const urls: string[] = [];
  const query = (source: string, principal?: Principal) =>
    graphql({ schema: buildSubgraph(svc.started.service.subgraph!), source, contextValue: { principal } });
  const objectsOf = (id: string, principal?: Principal, args = '') =>
    query(`{ _entities(representations: [{ __typename: "Merchant", id: "${id}" }]) { ... on Merchant { id objects${args} { key url size lastModified } } } }`, principal);

  beforeAll(async () => {
    let tick = Date.parse('2026-11-22T12:00:00.000Z');
    svc = await startMediaTestService({ now: () => new Date((tick += 1000)) });
    await svc.grant('alice', 'merchants', merchant);
    const alice = await svc.bearer('alice');
    for (let n = 1; n <= 3; n++) {
      urls.push((await svc.http().post(`/v1/merchants/${merchant}/uploads`).set('authorization', alice).attach('file', await pngOf(n, n), 'p.png').expect(200)).text);
    }
  });
  afterAll(() => svc.stop());

  it('given a member, when a merchant’s objects are resolved, then they come newest first, as the REST list', async () => {
    const result = await objectsOf(merchant, { uid: 'alice', claims: {} });
    expect(result.errors).toBeUndefined();
    const rest = (await svc.http().get(`/v1/merchants/${merchant}/objects`).set('authorization', await svc.bearer('alice'))).body.data;
    expect(result.data).toEqual({ _entities: [{ id: merchant, objects: rest }] });
    expect(rest.map((o: { url: string }) => o.url)).toEqual([...urls].reverse());
  });

  it('given first: 1, then only the newest', async () => {
    const result = await objectsOf(merchant, { uid: 'alice', claims: {} }, '(first: 1)');
    expect((result.data as { _entities: { objects: { url: string }[] }[] })._entities[0]!.objects.map((o) => o.url)).toEqual([urls[2]]);
  });

  it('given an API key of the merchant, then its objects', async () => {
    const result = await objectsOf(merchant, { uid: 'apikey:k', claims: {}, tenant: { collection: 'merchants', id: merchant, testMode: true } });
    expect((result.data as { _entities: { objects: unknown[] }[] })._entities[0]!.objects).toHaveLength(3);
  });

  it.each<[string, Principal | undefined]>([
    ['no caller', undefined],
    ['a non-member', { uid: 'bob', claims: {} }],
    ['a platform admin', { uid: 'support', claims: { admin: true } }],
    ['another merchant’s key', { uid: 'apikey:x', claims: {}, tenant: { collection: 'merchants', id: 'm-other', testMode: false } }],
  ])('given %s, then no objects', async (_, principal) => {
    expect((await objectsOf(merchant, principal)).data).toEqual({ _entities: [{ id: merchant, objects: [] }] });
  });
});
