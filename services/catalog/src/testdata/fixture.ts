import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';

/** Test-only (the test data specs): valid bodies per entity, as in each slice's http.int.spec.ts. */
export const entityBodies: Record<string, (tag: string) => object> = {
  coupons: (tag) => ({ title: `Coupon ${tag}`, code: tag, type: 'PERCENTAGE' }),
  customers: (tag) => ({ firstName: tag, email: `${tag.toLowerCase()}@example.com` }),
  modifiers: (tag) => ({ title: tag, instructions: 'x' }),
  products: (tag) => ({ title: tag, price: 5 }),
  menus: (tag) => ({ title: tag }),
  services: (tag) => ({ title: tag, price: 10, duration: 15 }),
};
export const entityNames = Object.keys(entityBodies);

export type TestDataWorld = {
  svc: TestService;
  /** Bearer headers: alice admin and carol team member of A; bob admin of B; keys of A per mode. */
  auth: { alice: string; bob: string; carol: string; sandboxKeyA: string; productionKeyA: string };
  A: string;
  B: string;
  /** The ids of one merchant's list in one mode. */
  list(merchantId: string, entity: string, testMode: boolean): Promise<string[]>;
  post(path: string, auth: string | undefined, body?: object): ReturnType<ReturnType<TestService['http']>['post']>;
  /** How far the catalog's log is: a refused call must leave it where it was. */
  head(): Promise<number>;
};

/** A catalog with merchants A (alice admin, carol team member, granted by identity) and B (bob). */
export async function startTestDataWorld(): Promise<TestDataWorld> {
  const svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
  const bearer = async (uid: string, tenant?: { collection: 'merchants'; id: string; testMode: boolean }) =>
    `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const [alice, bob, carol] = [await bearer('alice'), await bearer('bob'), await bearer('carol')];
  const post = (path: string, auth: string | undefined, body: object = {}) => {
    const req = svc.http().post(path);
    return (auth ? req.set('authorization', auth) : req).send(body);
  };
  const A = (await post('/v1/merchants/create', alice, { name: 'Shop A', handle: 'shop-a' })).body.id as string;
  const B = (await post('/v1/merchants/create', bob, { name: 'Shop B', handle: 'shop-b' })).body.id as string;
  await svc.grant({ uid: 'carol', tenantId: A });
  const list = async (merchantId: string, entity: string, testMode: boolean) => {
    const res = await svc.http().get(`/v1/merchants/${merchantId}/${entity}?testMode=${testMode}&limit=1000`).set('authorization', merchantId === A ? alice : bob);
    expect([entity, res.status]).toEqual([entity, 200]);
    return (res.body.data as Array<{ id: string }>).map((doc) => doc.id);
  };
  return {
    svc,
    auth: {
      alice, bob, carol,
      sandboxKeyA: await bearer('apikey:sA', { collection: 'merchants', id: A, testMode: true }),
      productionKeyA: await bearer('apikey:pA', { collection: 'merchants', id: A, testMode: false }),
    },
    A,
    B,
    list,
    post,
    head: () => svc.started.deps.eventStore.headPosition(),
  };
}
