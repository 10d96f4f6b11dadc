import { Router } from 'express';
import { z } from 'zod';
import type { CollectionSpec } from './readmodels/types';
import { tenantRecords, type RecordOwner } from './records';
import type { ServiceModule } from './service';
import { tenantAccess, tenantMemberships, type TenantAccess } from './tenancy';
import { startTestService, type TestService } from './testkit/service';

type Thing = { id: string; collection: string; tenantId: string; testMode: boolean; name: string };
const things: CollectionSpec = { name: 'things', filterable: ['collection', 'tenantId', 'testMode'] };
const newThing = z.object({ name: z.string().min(1, 'Name is required'), testMode: z.boolean().optional() });

/** The probe's tenant access (the spec records memberships through it). */
let access: TenantAccess | undefined;

/** A service whose things are a tenant's records, read and written through the chassis' one rule. */
const probe: ServiceModule = {
  name: 'records',
  create(deps) {
    access = tenantAccess(deps, { subscription: 'records-memberships' });
    const docs = () => deps.readModels.collection<Thing>(things);
    const records = tenantRecords(access, {
      docs,
      owns: (doc, owner) => doc.collection === owner.collection && doc.tenantId === owner.tenantId,
      notFound: { message: 'Thing not found', code: 'tag_not_found' },
    });
    const owner = (req: { params: Record<string, string> }): RecordOwner => ({ collection: 'merchants', tenantId: req.params.tenantId! });
    const router = Router();
    router.post('/v1/merchants/:tenantId/things', async (req, res) => {
      const { testMode, fields } = await records.parseNew(req, owner(req), newThing);
      const thing = { id: `${req.params.tenantId}-${fields.name}`, collection: 'merchants', tenantId: req.params.tenantId, testMode, name: fields.name };
      await docs().put(thing);
      res.status(201).json(thing);
    });
    router.get('/v1/merchants/:tenantId/things/:id', async (req, res) => {
      res.json(await records.existing(req, owner(req), req.params.id));
    });
    router.get('/v1/merchants/:tenantId/things', async (req, res) => {
      const { testMode, limit } = await records.listQuery(req, owner(req));
      res.json({ testMode, limit: limit ?? null });
    });
    return { name: 'records', router, collections: [tenantMemberships, things] };
  },
};

describe('a tenant’s records (tenantRecords): the one access rule of the catalog’s entities, tags and templates', () => {
  let svc: TestService;
  const bearer = async (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) => `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const sandboxKey = () => bearer('apikey:k1', { collection: 'merchants', id: 'm1', testMode: true });
  const productionKey = () => bearer('apikey:k2', { collection: 'merchants', id: 'm1', testMode: false });

  beforeAll(async () => {
    svc = await startTestService(probe);
    const client = await svc.started.deps.pool.connect();
    await client.query('BEGIN');
    for (const [tenantId, uid] of [['m1', 'alice'], ['m2', 'bob']]) {
      await access!.grantCreator({ kind: 'pg', client }, { collection: 'merchants', tenantId: tenantId!, uid: uid! });
    }
    await client.query('COMMIT');
    client.release();
  });
  afterAll(() => svc.stop());

  it('given a member, when they create without a mode, then the record is production; a sandbox key’s is sandbox', async () => {
    const byAlice = await svc.http().post('/v1/merchants/m1/things').set('authorization', await bearer('alice')).send({ name: 'lamp' });
    const byKey = await svc.http().post('/v1/merchants/m1/things').set('authorization', await sandboxKey()).send({ name: 'chair' });
    expect([byAlice.status, byAlice.body.testMode, byKey.status, byKey.body.testMode]).toEqual([201, false, 201, true]);
  });

  it('given a stranger, then nothing is parsed before the refusal: 403, even for a bad body', async () => {
    const res = await svc.http().post('/v1/merchants/m1/things').set('authorization', await bearer('mallory')).send({});
    expect([res.status, res.body.code]).toEqual([403, 'forbidden']);
  });

  it('given a sandbox key asking for production, then the create is refused', async () => {
    const res = await svc.http().post('/v1/merchants/m1/things').set('authorization', await sandboxKey()).send({ name: 'desk', testMode: false });
    expect(res.status).toBe(403);
  });

  it('given another tenant’s record, when a member of their own tenant asks for it under their tenant, then it is not found with the given code', async () => {
    const res = await svc.http().get('/v1/merchants/m2/things/m1-lamp').set('authorization', await bearer('bob'));
    expect([res.status, res.body.code, res.body.message]).toEqual([404, 'tag_not_found', 'Thing not found']);
  });

  it('given a record of one mode, then a member and a key of that mode read it, a key of the other mode is refused', async () => {
    expect((await svc.http().get('/v1/merchants/m1/things/m1-chair').set('authorization', await bearer('alice'))).body.name).toBe('chair');
    expect((await svc.http().get('/v1/merchants/m1/things/m1-chair').set('authorization', await sandboxKey())).status).toBe(200);
    expect((await svc.http().get('/v1/merchants/m1/things/m1-chair').set('authorization', await productionKey())).status).toBe(403);
  });

  it('given a list, then it reads the mode asked for, else the caller’s own (a key’s mode, production for a user), with the list query parsed', async () => {
    const mode = async (auth: string, query = '') => (await svc.http().get(`/v1/merchants/m1/things${query}`).set('authorization', auth)).body;
    expect(await mode(await bearer('alice'))).toEqual({ testMode: false, limit: null });
    expect(await mode(await bearer('alice'), '?testMode=true&limit=5')).toEqual({ testMode: true, limit: 5 });
    expect(await mode(await sandboxKey())).toEqual({ testMode: true, limit: null });
    expect((await svc.http().get('/v1/merchants/m1/things?testMode=false').set('authorization', await sandboxKey())).status).toBe(403);
  });
});
