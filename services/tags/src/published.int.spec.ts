import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { commonV1, tagsV1 } from '@seatside/proto';
import { tagsPublications } from './published';
import { startTagsTestService, type TagsTestService } from './testing';

const shop = { collection: 'merchants', id: 'm-published' } as const;
const hall = { collection: 'venues', id: 'v-published' } as const;

describe('the tags published stream (seatside.tags.v1)', () => {
  let svc: TagsTestService;
  let alice: string;
  let tagId: string;
  const path = (tenant: { collection: string; id: string }, rest = '') => `/v1/${tenant.collection}/${tenant.id}/tags${rest}`;

  beforeAll(async () => {
    svc = await startTagsTestService();
    alice = await svc.bearer('alice');
    for (const tenant of [shop, hall]) await svc.grant('alice', tenant);
    tagId = (await svc.http().post(path(shop)).set('authorization', alice).send({ name: 'Table 12', metadata: [{ key: 'Table', value: '12' }, { key: 'Seat', value: '2C', visible: false }] })).body.id;
    await svc.http().post(path(shop, `/${tagId}`)).set('authorization', alice).send({ name: 'Table 13' });
    const sandboxKey = await svc.bearer('key', { key: { ...hall, testMode: true } });
    const venueTag = (await svc.http().post(path(hall)).set('authorization', sandboxKey).send({ name: 'Gate A' })).body.id;
    await svc.http().delete(path(hall, `/${venueTag}`)).set('authorization', sandboxKey);
  });
  afterAll(() => svc.stop());

  it('given a tag created, updated, and another created and deleted, then each wrote its integration event in its own transaction, at its position', async () => {
    const rows = await svc.published();
    expect(rows.map((r) => r.type)).toEqual([tagsV1.TagCreatedSchema, tagsV1.TagUpdatedSchema, tagsV1.TagCreatedSchema, tagsV1.TagDeletedSchema].map((s) => s.typeName));
    const events = await svc.committed();
    for (const row of rows) expect(events.find((e) => e.globalPosition === row.globalPosition)?.eventId).toBe(row.eventId);
  });

  it('given a tag created, then TagCreated carries the whole tag and its merchant in the envelope (what a tag.created webhook delivers)', async () => {
    const created = fromBinary(tagsV1.TagCreatedSchema, (await svc.published())[0]!.payload);
    expect(created.envelope).toMatchObject({ tenantId: shop.id, testMode: false, tenantCollection: commonV1.TenantCollection.MERCHANTS, streamVersion: 1n, actorId: 'alice' });
    expect(created.tag).toMatchObject({
      tagId, collection: commonV1.TenantCollection.MERCHANTS, tenantId: shop.id, name: 'Table 12', activated: false, nfc: false,
      metadata: { Table: '12', Seat: '2C' },
      metadataFields: [expect.objectContaining({ key: 'Table', value: '12', visible: true }), expect.objectContaining({ key: 'Seat', value: '2C', visible: false })],
    });
    expect(created.tag?.code).toMatch(/^[0-9a-z]{10}$/);
    expect(created.tag?.createdAt).toBeDefined();
    const updated = fromBinary(tagsV1.TagUpdatedSchema, (await svc.published())[1]!.payload);
    expect(updated.tag).toMatchObject({ tagId, name: 'Table 13', metadata: { Table: '12', Seat: '2C' } });
  });

  it("given a venue's sandbox tag deleted, then TagDeleted names the tag, its venue and the test mode", async () => {
    const deleted = fromBinary(tagsV1.TagDeletedSchema, (await svc.published())[3]!.payload);
    expect(deleted.envelope).toMatchObject({ tenantId: hall.id, testMode: true, tenantCollection: commonV1.TenantCollection.VENUES });
    expect(deleted).toMatchObject({ tenantId: hall.id, collection: commonV1.TenantCollection.VENUES, code: expect.stringMatching(/^[0-9a-z]{10}$/) });
  });

  it('given the whole log replayed from position 0, then the same published stream, byte for byte', async () => {
    const { pool, schema } = svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), tagsPublications)).toEqual(await svc.published());
  });
});
