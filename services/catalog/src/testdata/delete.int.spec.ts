import { fromBinary } from '@bufbuild/protobuf';
import { catalogV1 } from '@seatside/proto';
import { entityBodies, entityNames, startTestDataWorld, type TestDataWorld } from './fixture';

const confirm = { teleport: { delete: 'DELETE' } };
const mustType = 'Please enter in DELETE to delete this merchant';
const noAccess = 'You do not have access to this page.';

describe('delete test data: POST /v1/{collection}/{id}/delete-test-data {teleport: {delete}}', () => {
  let w: TestDataWorld;
  /** A's production record of each entity, and what each list held before. */
  const productionA: Record<string, string[]> = {};
  const deleteTestData = (auth: string | undefined, body: object) => w.post(`/v1/merchants/${w.A}/delete-test-data`, auth, body);
  const create = async (merchantId: string, auth: string, entity: string, tag: string, testMode: boolean) => {
    const body = entityBodies[entity]?.(tag);
    const res = await w.post(`/v1/merchants/${merchantId}/${entity}`, auth, { ...body, testMode });
    expect([entity, res.status]).toEqual([entity, 201]);
  };
  const sandboxCounts = async (merchantId: string) =>
    Object.fromEntries(await Promise.all(entityNames.map(async (entity) => [entity, (await w.list(merchantId, entity, true)).length] as const)));

  beforeAll(async () => {
    w = await startTestDataWorld();
    for (const entity of entityNames) {
      await create(w.A, w.auth.alice, entity, 'APROD', false);
      await create(w.A, w.auth.alice, entity, 'ASANDBOX1', true);
      await create(w.A, w.auth.alice, entity, 'ASANDBOX2', true);
      await create(w.B, w.auth.bob, entity, 'BSANDBOX', true);
      productionA[entity] = await w.list(w.A, entity, false);
    }
    expect((await w.post(`/v1/merchants/${w.A}/import`, w.auth.alice, { merchant: 'Stadium Grill' })).status).toBe(200);
  });
  afterAll(() => w.svc.stop());

  it('given anything but exactly DELETE, then 400 with the spec\'s message on teleport.delete', async () => {
    for (const body of [{}, { teleport: {} }, { teleport: { delete: 'delete' } }, { teleport: { delete: 'DELETE ' } }, { delete: 'DELETE' }]) {
      const res = await deleteTestData(w.auth.alice, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(mustType);
      expect(res.body.errors).toEqual({ 'teleport.delete': mustType });
    }
  });

  it('given a team member, another merchant\'s admin, a production API key or no token, then refused and nothing deleted', async () => {
    const head = await w.head();
    for (const auth of [w.auth.carol, w.auth.bob, w.auth.productionKeyA]) {
      const res = await deleteTestData(auth, confirm);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(noAccess);
    }
    expect((await deleteTestData(undefined, confirm)).status).toBe(401);
    expect(await w.head()).toBe(head);
    expect((await sandboxCounts(w.A)).products).toBeGreaterThan(2);
  });

  it('given the admin types DELETE, then "Test Data Deleted", every sandbox list is empty and production is untouched', async () => {
    const res = await deleteTestData(w.auth.alice, confirm);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Test Data Deleted' });
    expect(await sandboxCounts(w.A)).toEqual(Object.fromEntries(entityNames.map((entity) => [entity, 0])));
    for (const entity of entityNames) expect([entity, await w.list(w.A, entity, false)]).toEqual([entity, productionA[entity]]);
  });

  it('given the deletion, then it went through the delete commands: one sandbox *Deleted event per record', async () => {
    const events = await w.svc.committed();
    const deleted = events.filter((e) => e.type.endsWith('Deleted') && e.type !== 'TestDataDeleted');
    expect(deleted.length).toBe(2 * entityNames.length + 6 + 2);
    expect(deleted.every((e) => (e.data as { testMode: boolean; merchantId: string }).testMode && (e.data as { merchantId: string }).merchantId === w.A)).toBe(true);
  });

  it('given the deletion, then TestDataDeleted names the merchant on the published stream, in sandbox mode, after its records\' deletions (the orders service erases its sandbox by it)', async () => {
    const rows = await w.svc.published();
    const deletions = rows.filter((r) => r.type === catalogV1.TestDataDeletedSchema.typeName);
    expect(deletions).toHaveLength(1);
    const [deletion] = deletions;
    if (!deletion) throw new Error('no TestDataDeleted published');
    const message = fromBinary(catalogV1.TestDataDeletedSchema, deletion.payload);
    expect(message.merchantId).toBe(w.A);
    expect(message.envelope).toMatchObject({ tenantId: w.A, testMode: true, actorId: 'alice' });
    const lastRecord = Math.max(...rows.filter((r) => r.type.endsWith('Deleted') && r !== deletion).map((r) => r.globalPosition));
    expect(deletion.globalPosition).toBeGreaterThan(lastRecord);
  });

  it('given the sandbox coupons were deleted, then their codes are free again in the sandbox', async () => {
    await create(w.A, w.auth.alice, 'coupons', 'ASANDBOX1', true);
  });

  it('given another merchant, then its sandbox is untouched', async () => {
    expect(await sandboxCounts(w.B)).toEqual(Object.fromEntries(entityNames.map((entity) => [entity, 1])));
  });

  it('given a sandbox API key, then it may delete the test data (here the one coupon left)', async () => {
    const res = await deleteTestData(w.auth.sandboxKeyA, confirm);
    expect(res.body).toEqual({ message: 'Test Data Deleted' });
    expect(await w.list(w.A, 'coupons', true)).toEqual([]);
    expect(await w.list(w.A, 'coupons', false)).toEqual(productionA.coupons);
  });

  it('given nothing left in the sandbox, when deleted again, then it still succeeds', async () => {
    expect((await deleteTestData(w.auth.alice, confirm)).body).toEqual({ message: 'Test Data Deleted' });
  });
});
