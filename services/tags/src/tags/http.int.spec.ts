import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-shop' } as const;
const other = { collection: 'merchants', id: 'm-other' } as const;
const hall = { collection: 'venues', id: 'v-hall' } as const;
type Tenant = { collection: string; id: string };

describe('tags API', () => {
  let svc: TagsTestService;
  let alice: string;
  const path = (rest = '', tenant: Tenant = shop) => `/v1/${tenant.collection}/${tenant.id}/tags${rest}`;
  const create = (body: object, tenant: Tenant = shop, auth = alice) => svc.http().post(path('', tenant)).set('authorization', auth).send(body);
  const one = (id: string, tenant: Tenant = shop) => svc.http().get(path(`/${id}`, tenant)).set('authorization', alice);
  const list = (query = '', tenant: Tenant = shop, auth = alice) => svc.http().get(`${path('', tenant)}${query}`).set('authorization', auth);
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((t) => t.name);

  beforeAll(async () => {
    svc = await startTagsTestService();
    alice = await svc.bearer('alice');
    for (const tenant of [shop, other, hall]) await svc.grant('alice', tenant);
  });
  afterAll(() => svc.stop());

  it('given an empty form, then 400 "Name is required" and nothing is stored', async () => {
    const res = await create({ name: '  ', metadata: [] });
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Name is required', { name: 'Name is required' }]);
    expect((await create({})).body.errors).toEqual({ name: 'Name is required' });
    expect((await list()).body.total).toBe(0);
  });

  it('given a metadata pair without a key, then 400 "Key is required" on that pair, and nothing is stored', async () => {
    const res = await create({ name: 'Table 1', metadata: [{ key: 'Table', value: '1' }, { key: ' ', value: '2C', visible: true }] });
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, 'Key is required', { 'metadata.1.key': 'Key is required' }]);
    expect((await list()).body.total).toBe(0);
  });

  it('given a name and metadata, then 201 "Tag Created" with a generated code; update changes only what is sent; delete', async () => {
    const res = await create({ name: 'Table 12 Seat 2C', metadata: [{ key: 'Table', value: 12 }, { key: 'Seat', value: ' 2C ', visible: false }] });
    expect([res.status, res.body]).toEqual([201, { id: expect.any(String), message: 'Tag Created' }]);
    const tag = (await one(res.body.id)).body;
    expect(tag).toEqual({
      id: res.body.id, collection: 'merchants', tenantId: shop.id, code: expect.stringMatching(/^[0-9a-z]{10}$/), name: 'Table 12 Seat 2C',
      metadata: [{ key: 'Table', value: '12', visible: true }, { key: 'Seat', value: '2C', visible: false }],
      activated: false, nfc: false, testMode: false, createdAt: expect.any(String), updatedAt: expect.any(String), version: 1,
    });

    const update = (body: object, ifMatch?: string) => {
      const req = svc.http().post(path(`/${res.body.id}`)).set('authorization', alice);
      return (ifMatch ? req.set('if-match', ifMatch) : req).send(body);
    };
    expect((await update({ name: 'Table 14' }, '"1"')).body).toEqual({ id: res.body.id, message: 'Tag Updated' });
    expect((await one(res.body.id)).body).toMatchObject({ name: 'Table 14', code: tag.code, metadata: tag.metadata, version: 2 });
    expect((await update({ metadata: [] }, '"1"')).status).toBe(412);
    const blank = await update({ name: '' });
    expect([blank.status, blank.body.errors]).toEqual([400, { name: 'Name is required' }]);
    expect((await update({ metadata: [{ key: 'Seat', value: '4' }] })).status).toBe(200);
    expect((await one(res.body.id)).body).toMatchObject({ name: 'Table 14', metadata: [{ key: 'Seat', value: '4', visible: true }], version: 3 });

    const gone = await svc.http().delete(path(`/${res.body.id}`)).set('authorization', alice);
    expect([gone.status, gone.body]).toEqual([200, { id: res.body.id, message: 'Tag Deleted' }]);
    for (const after of [await one(res.body.id), await svc.http().delete(path(`/${res.body.id}`)).set('authorization', alice)]) {
      expect([after.status, after.body.message]).toEqual([404, 'Tag not found']);
    }
  });

  it('given another tenant’s tag id under this tenant, then 404 on read, update and delete, and the tag is unchanged', async () => {
    const theirs = (await create({ name: 'Theirs' }, other)).body.id;
    for (const res of [
      await one(theirs),
      await svc.http().post(path(`/${theirs}`)).set('authorization', alice).send({ name: 'Mine' }),
      await svc.http().delete(path(`/${theirs}`)).set('authorization', alice),
      await one(theirs, hall),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, 'Tag not found']);
    }
    expect((await one(theirs, other)).body).toMatchObject({ name: 'Theirs', version: 1 });
  });

  it('given a venue, then its tags live under /v1/venues/{id}/tags and in no merchant list', async () => {
    const res = await create({ name: 'Gate 4' }, hall);
    expect(res.status).toBe(201);
    expect((await one(res.body.id, hall)).body).toMatchObject({ collection: 'venues', tenantId: hall.id, name: 'Gate 4' });
    expect(names(await list('', hall))).toEqual(['Gate 4']);
    expect(names(await list())).not.toContain('Gate 4');
  });

  describe('activation', () => {
    const activate = (serial: string, body: object, tenant: Tenant = shop) =>
      svc.http().post(path(`/activate/${encodeURIComponent(serial)}`, tenant)).set('authorization', alice).send(body);

    it('given a serial and nfc true, then 201 "Tag Activated": an activated NFC tag whose code is the serial', async () => {
      const res = await activate('04:a2:3b:c4', { name: 'Seat 2C', metadata: [{ key: 'Seat', value: '2C' }], nfc: true });
      expect([res.status, res.body]).toEqual([201, { id: expect.any(String), message: 'Tag Activated' }]);
      expect((await one(res.body.id)).body).toMatchObject({ code: '04:a2:3b:c4', name: 'Seat 2C', activated: true, nfc: true, testMode: false });
    });

    it('given a serial already activated, here or by another tenant, then 409 "This tag is already activated" and nothing is stored', async () => {
      expect((await activate('SER-1', { name: 'First', nfc: true })).status).toBe(201);
      for (const tenant of [shop, other]) {
        const again = await activate('SER-1', { name: 'Second', nfc: true }, tenant);
        expect([again.status, again.body.message]).toEqual([409, 'This tag is already activated']);
      }
      expect((await list('?q=Second')).body.total).toBe(0);
      expect((await list('?q=Second', other)).body.total).toBe(0);
    });

    it('given an activated tag deleted, then its serial can be activated again', async () => {
      const first = await activate('SER-2', { name: 'Reused', nfc: true });
      await svc.http().delete(path(`/${first.body.id}`)).set('authorization', alice);
      expect((await activate('SER-2', { name: 'Reused', nfc: true })).status).toBe(201);
    });

    it('given a bad serial or a form without a name, then 400 and nothing is stored', async () => {
      const bad = await activate('seat 2c', { name: 'Spaces', nfc: true });
      expect([bad.status, bad.body.message]).toEqual([400, 'Please enter a valid serial']);
      const nameless = await activate('SER-3', { nfc: true });
      expect([nameless.status, nameless.body.message]).toEqual([400, 'Name is required']);
      expect((await list('?q=Spaces')).body.total).toBe(0);
      expect((await activate('SER-3', { name: 'Now named' })).status).toBe(201);
    });
  });
});
