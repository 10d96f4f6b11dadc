import { Router } from 'express';
import type { ServiceModule } from './service';
import { tenantAccess, tenantMemberships, type TenantAccess } from './tenancy';
import { startTestService, type TestService } from './testkit/service';

/** A service that authorizes tenant routes the way the catalog and the others do. */
function probeService(): ServiceModule & { access?: TenantAccess; membershipReads: number } {
  const module: ServiceModule & { access?: TenantAccess; membershipReads: number } = {
    name: 'probe',
    membershipReads: 0,
    create(deps) {
      // Counts the membership reads tenant access makes.
      const readModels = Object.create(deps.readModels) as typeof deps.readModels;
      readModels.collection = ((spec: Parameters<typeof deps.readModels.collection>[0], tx?: Parameters<typeof deps.readModels.collection>[1]) => {
        const collection = deps.readModels.collection(spec, tx);
        const name = typeof spec === 'string' ? spec : spec.name;
        if (name !== tenantMemberships.name) return collection;
        return Object.assign(Object.create(collection), { get: (id: string) => (module.membershipReads++, collection.get(id)) });
      }) as typeof deps.readModels.collection;
      const access = tenantAccess({ ...deps, readModels }, { subscription: 'probe-memberships' });
      access.follow();
      module.access = access;
      const router = Router();
      router.get('/v1/merchants/:id/things', async (req, res) => {
        await access.authorize(req, { collection: 'merchants', id: req.params.id, role: 'member', mode: req.query.testMode === 'true' ? 'sandbox' : 'production' });
        res.json({ ok: true });
      });
      router.delete('/v1/merchants/:id/things', async (req, res) => {
        await access.authorize(req, { collection: 'merchants', id: req.params.id, role: 'member' });
        await access.authorize(req, { collection: 'merchants', id: req.params.id, role: 'admin' });
        res.json({ ok: true });
      });
      router.post('/v1/merchants/:id/things', async (req, res) => {
        await access.authorize(req, { collection: 'merchants', id: req.params.id, role: 'admin' });
        res.json({ ok: true });
      });
      return { name: 'probe', router, collections: [tenantMemberships] };
    },
  };
  return module;
}

describe('tenant access from the identity service’s membership events', () => {
  let svc: TestService;
  let module: ReturnType<typeof probeService>;
  const bearer = async (uid: string, tenant?: { collection: string; id: string; testMode: boolean }) =>
    `Bearer ${await svc.tokenFor({ uid, ...(tenant ? { tenant } : {}) })}`;
  const granted = (uid: string, role: 'admin' | 'teamMember', tenantId = 'm1') => ({
    type: 'TenantMembershipGranted',
    data: { collection: 'merchants', tenantId, uid, role, grantedBy: 'alice', at: '2026-11-22T12:00:00.000Z' },
  });
  const waitFor = async (check: () => Promise<boolean>) => {
    while (!(await check())) await new Promise((r) => setTimeout(r, 20));
  };

  beforeAll(async () => {
    module = probeService();
    svc = await startTestService(module, { sources: ['identity'] });
  });
  afterAll(() => svc.stop());

  it('given the creator recorded in the creating transaction, then they are admin at once, before any identity event', async () => {
    const { pool } = svc.started.deps;
    const client = await pool.connect();
    await client.query('BEGIN');
    await module.access!.grantCreator({ kind: 'pg', client }, { collection: 'merchants', tenantId: 'm0', uid: 'creator' });
    await client.query('COMMIT');
    client.release();
    const res = await svc.http().post('/v1/merchants/m0/things').set('authorization', await bearer('creator'));
    expect(res.status).toBe(200);
  });

  it('given memberships granted in identity, when they reach this service, then members read and only admins write', async () => {
    await svc.sourceLog('identity').appendToStream('members-merchants-m1', [granted('alice', 'admin'), granted('carol', 'teamMember')], { expectedVersion: 'no_stream' });
    await waitFor(async () => (await svc.http().get('/v1/merchants/m1/things').set('authorization', await bearer('carol'))).status === 200);
    expect((await svc.http().post('/v1/merchants/m1/things').set('authorization', await bearer('alice'))).status).toBe(200);
    const carolWrites = await svc.http().post('/v1/merchants/m1/things').set('authorization', await bearer('carol'));
    expect([carolWrites.status, carolWrites.body.message]).toEqual([403, 'You do not have access to this page.']);
  });

  it('given a route that authorizes twice, then the membership is read once per request, each need still checked', async () => {
    const before = module.membershipReads;
    expect((await svc.http().delete('/v1/merchants/m1/things').set('authorization', await bearer('alice'))).status).toBe(200);
    expect(module.membershipReads - before).toBe(1);
    const carol = await svc.http().delete('/v1/merchants/m1/things').set('authorization', await bearer('carol'));
    expect([carol.status, carol.body.message, module.membershipReads - before]).toEqual([403, 'You do not have access to this page.', 2]);
  });

  it('given a revoked membership, then the user is refused', async () => {
    await svc.sourceLog('identity').appendToStream('members-merchants-m1', [{ type: 'TenantMembershipRevoked', data: { collection: 'merchants', tenantId: 'm1', uid: 'carol', revokedBy: 'alice', at: '2026-11-22T12:01:00.000Z' } }], { expectedVersion: 2 });
    await waitFor(async () => (await svc.http().get('/v1/merchants/m1/things').set('authorization', await bearer('carol'))).status === 403);
  });

  it('given strangers, another tenant’s key, a key of the other mode and no token, then each is refused', async () => {
    expect((await svc.http().get('/v1/merchants/m1/things').set('authorization', await bearer('mallory'))).status).toBe(403);
    expect((await svc.http().get('/v1/merchants/m1/things').set('authorization', await bearer('apikey:k2', { collection: 'merchants', id: 'm2', testMode: false }))).status).toBe(403);
    expect((await svc.http().get('/v1/merchants/m1/things?testMode=false').set('authorization', await bearer('apikey:k1', { collection: 'merchants', id: 'm1', testMode: true }))).status).toBe(403);
    expect((await svc.http().get('/v1/merchants/m1/things?testMode=true').set('authorization', await bearer('apikey:k1', { collection: 'merchants', id: 'm1', testMode: true }))).status).toBe(200);
    expect((await svc.http().get('/v1/merchants/m1/things')).status).toBe(401);
  });
});
