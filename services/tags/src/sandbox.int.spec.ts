import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { catalogV1, commonV1, tagsV1 } from '@seatside/proto';
import { SANDBOX_SUBSCRIPTION } from './sandbox';
import { startTagsTestService, type TagsTestService, type TestTenant } from './testing';

const stand = { collection: 'merchants', id: 'm-sandbox' } as const;
const other = { collection: 'merchants', id: 'm-sandbox-other' } as const;
const hall = { collection: 'venues', id: 'm-sandbox' } as const;

/**
 * Delete Test Data reaches the tags service (the catalog's `seatside.catalog.v1.TestDataDeleted`): a
 * merchant's sandbox tags and templates go, as their delete routes would remove them; its production
 * ones, another merchant's sandbox and a venue's (even one with the same id) stay.
 */
describe('tags: a merchant\'s Delete Test Data', () => {
  let svc: TagsTestService;
  let alice: string;
  const path = (tenant: TestTenant, kind: 'tags' | 'templates', rest = '') => `/v1/${tenant.collection}/${tenant.id}/${kind}${rest}`;
  const create = async (tenant: TestTenant, kind: 'tags' | 'templates', body: object): Promise<string> => {
    const res = await svc.http().post(path(tenant, kind)).set('authorization', alice).send(body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const listed = async (tenant: TestTenant, kind: 'tags' | 'templates', testMode: boolean): Promise<string[]> => {
    const res = await svc.http().get(path(tenant, kind)).query({ testMode: String(testMode) }).set('authorization', alice);
    expect(res.status).toBe(200);
    return (res.body.data as { name?: string; title?: string }[]).map((r) => r.name ?? r.title ?? '').sort();
  };
  const codeOf = async (tenant: TestTenant, tagId: string) => (await svc.http().get(path(tenant, 'tags', `/${tagId}`)).set('authorization', alice)).body.code as string;
  /** Publishes the catalog's TestDataDeleted for a merchant and waits (10 s at most: the expectations then say what stayed) until this service has handled it. */
  async function testDataDeleted(merchantId: string, eventId?: string) {
    const envelope = { tenantId: merchantId, testMode: true, tenantCollection: commonV1.TenantCollection.MERCHANTS };
    const position = await svc.publish('catalog', catalogV1.TestDataDeletedSchema, { envelope, merchantId }, { streamId: `sandbox-${merchantId}`, ...(eventId ? { eventId } : {}) });
    const { checkpoints } = svc.started.deps;
    const deadline = Date.now() + 10_000;
    while ((await checkpoints.load(SANDBOX_SUBSCRIPTION)) < position) {
      if (Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(async () => {
    svc = await startTagsTestService();
    alice = await svc.bearer('alice');
    for (const tenant of [stand, other, hall]) await svc.grant('alice', tenant);
  });
  afterAll(() => svc.stop());

  it('given sandbox and production tags and templates, when the catalog publishes TestDataDeleted, then the sandbox ones are gone and the others stay', async () => {
    const sandboxTag = await create(stand, 'tags', { name: 'Test Table 1', testMode: true });
    await create(stand, 'tags', { name: 'Test Table 2', testMode: true });
    const activated = await svc.http().post(path(stand, 'tags', '/activate/04:5a:nd:b0')).set('authorization', alice).send({ name: 'Test Seat', testMode: true });
    expect(activated.status).toBe(201);
    await create(stand, 'templates', { title: 'Test card', testMode: true, tagId: sandboxTag });
    const liveTag = await create(stand, 'tags', { name: 'Table 1' });
    await create(stand, 'templates', { title: 'Card', tagId: liveTag });
    await create(other, 'tags', { name: 'Other test table', testMode: true });
    await create(other, 'templates', { title: 'Other test card', testMode: true });
    await create(hall, 'tags', { name: 'Hall test table', testMode: true });
    await create(hall, 'templates', { title: 'Hall test card', testMode: true });
    const sandboxCode = await codeOf(stand, sandboxTag);
    expect((await svc.http().get(`/v1/tags/${sandboxCode}`)).status).toBe(200);
    const publishedBefore = (await svc.published()).length;

    await testDataDeleted(stand.id);

    expect([await listed(stand, 'tags', true), await listed(stand, 'templates', true)]).toEqual([[], []]);
    expect([await listed(stand, 'tags', false), await listed(stand, 'templates', false)]).toEqual([['Table 1'], ['Card']]);
    expect([await listed(other, 'tags', true), await listed(other, 'templates', true)]).toEqual([['Other test table'], ['Other test card']]);
    expect([await listed(hall, 'tags', true), await listed(hall, 'templates', true)]).toEqual([['Hall test table'], ['Hall test card']]);
    // As a delete route leaves it: the code no longer resolves, is free again, and TagDeleted is published.
    expect((await svc.http().get(`/v1/tags/${sandboxCode}`)).status).toBe(404);
    const again = await svc.http().post(path(stand, 'tags', '/activate/04:5a:nd:b0')).set('authorization', alice).send({ name: 'Test Seat again', testMode: true });
    expect(again.status).toBe(201);
    const deletions = (await svc.published()).slice(publishedBefore).filter((r) => r.type === tagsV1.TagDeletedSchema.typeName);
    expect(deletions).toHaveLength(3);
    for (const row of deletions) {
      expect(fromBinary(tagsV1.TagDeletedSchema, row.payload).envelope).toMatchObject({ tenantId: stand.id, testMode: true, tenantCollection: commonV1.TenantCollection.MERCHANTS });
    }
  });

  it('given the message delivered again, then a sandbox already empty, then each delivery is handled and production stays', async () => {
    await create(other, 'tags', { name: 'Other live table' });
    const redelivered = randomUUID();
    await testDataDeleted(other.id, redelivered);
    await testDataDeleted(other.id, redelivered);
    await testDataDeleted(other.id);
    expect([await listed(other, 'tags', true), await listed(other, 'templates', true)]).toEqual([[], []]);
    expect(await listed(other, 'tags', false)).toEqual(['Other live table']);
  });
});
