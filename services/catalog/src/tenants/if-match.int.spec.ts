import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';
import { settingsMessages as m } from './settings';

const stale = 'This record was changed by someone else. Reload it and try again.';

/**
 * The settings screens (details, address, ordering, colors, hours, handle, teleport, fonts, goals,
 * links, text translations, Google Place ID; a venue's the same) save over the version they read:
 * the tenant read carries its stream version (`version`, `ETag`), and `POST /v1/{collection}/{id}`
 * and `POST …/handle` honour `If-Match` as the lists and record pages do (412 problem+json when stale).
 */
describe('tenant settings: If-Match on POST /v1/{collection}/{id} and …/handle', () => {
  let svc: TestService;
  let alice: string;
  let admin: string;
  let merchant: string;
  let venue: string;
  const path = (collection = 'merchants', id = merchant) => `/v1/${collection}/${id}`;
  const read = (at = path()) => svc.http().get(at).set('authorization', alice);
  const save = (body: object, ifMatch?: string, at = path()) => {
    const req = svc.http().post(at).set('authorization', alice);
    return (ifMatch === undefined ? req : req.set('If-Match', ifMatch)).send(body);
  };
  const head = async () => (await svc.committed()).length;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    admin = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
    merchant = (await save({ name: 'Section 114 Nachos', handle: 'section-114-if-match' }, undefined, '/v1/merchants/create')).body.id;
    venue = (await save({ name: 'Arena', handle: 'arena-if-match' }, undefined, '/v1/venues/create')).body.id;
  });
  afterAll(() => svc.stop());

  it('given a merchant, then its read carries its version as the ETag, and each save moves it (the answer has the new ETag)', async () => {
    const first = await read();
    expect(first.body.version).toBe(1);
    expect(first.headers.etag).toBe('"1"');
    const saved = await save({ details: { phone: '+1 555 0100' } }, '"1"');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: m.saved });
    expect(saved.headers.etag).toBe('"2"');
    expect((await read()).body).toMatchObject({ version: 2, phone: '+1 555 0100' });
    // Settings and checkout options in one save: two events, the version after both.
    const both = await save({ colors: { primary: '#ff6600' }, checkoutOptions: { paused: true } }, '"2"');
    expect(both.headers.etag).toBe('"4"');
    expect((await read()).body.version).toBe(4);
  });

  it('given a merchant whose document was written before versions were kept, then its read carries the stream version all the same, and a stale If-Match is refused', async () => {
    const legacy = (await save({ name: 'Legacy Nachos', handle: 'legacy-if-match' }, undefined, '/v1/merchants/create')).body.id as string;
    expect((await save({ details: { phone: '+1 555 0101' } }, undefined, path('merchants', legacy))).status).toBe(200);
    const docs = svc.started.deps.readModels.collection<{ id: string; version?: number }>('tenants');
    const { version: _kept, ...unversioned } = (await docs.get(legacy))!;
    await docs.put(unversioned);

    const first = await read(path('merchants', legacy));
    expect(first.body.version).toBe(2);
    expect(first.headers.etag).toBe('"2"');
    const stale = await save({ details: { phone: '+1 555 0102' } }, '"1"', path('merchants', legacy));
    expect(stale.status).toBe(412);
    expect((await save({ details: { phone: '+1 555 0103' } }, '"2"', path('merchants', legacy))).headers.etag).toBe('"3"');
  });

  it("given a teammate's save after the screen read the merchant, when the screen saves with the version it read, then 412 problem+json 'changed by someone else' and the teammate's save stands", async () => {
    const version = (await read()).body.version as number;
    expect((await save({ details: { name: 'Nachos 114' } })).status).toBe(200);
    const before = await head();
    for (const body of [{ details: { name: 'Old name' } }, { address: { line1: '1 Stadium Way' } }, { teleport: { enable: false, destination: '' } }, { checkoutOptions: { paused: false } }]) {
      const res = await save(body, `"${version}"`);
      expect(res.status).toBe(412);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 412, code: 'version_conflict', message: stale });
    }
    expect(await head()).toBe(before);
    expect((await read()).body.name).toBe('Nachos 114');
  });

  it('given a stale If-Match on the handle, then 412 and the handle is kept; the current version changes it', async () => {
    const version = (await read()).body.version as number;
    const stalePut = await svc.http().post(`${path()}/handle`).set('authorization', alice).set('If-Match', `"${version - 1}"`).send({ handle: 'nachos-elsewhere' });
    expect(stalePut.status).toBe(412);
    expect(stalePut.body.message).toBe(stale);
    expect((await read()).body.handle).toBe('section-114-if-match');
    const current = await svc.http().post(`${path()}/handle`).set('authorization', alice).set('If-Match', `"${version}"`).send({ handle: 'nachos-elsewhere' });
    expect(current.status).toBe(200);
    expect((await read()).body).toMatchObject({ handle: 'nachos-elsewhere', version: version + 1 });
  });

  it("given a platform admin's plan change, then the version moves too (a screen that read before it is stale)", async () => {
    const version = (await read()).body.version as number;
    expect((await svc.http().post(`/v1/admin/merchants/${merchant}/plan`).set('authorization', admin).send({ plan: 'pro' })).status).toBe(200);
    expect((await read()).body.version).toBe(version + 1);
    expect((await save({ fonts: { headlines: 'Lato', base: 'Roboto' } }, `"${version}"`)).status).toBe(412);
    expect((await save({ fonts: { headlines: 'Lato', base: 'Roboto' } }, `"${version + 1}"`)).status).toBe(200);
  });

  it('given a venue, then the same: its version, 412 when stale, 200 when current; without If-Match a save still goes through', async () => {
    const at = path('venues', venue);
    const version = (await read(at)).body.version as number;
    expect(version).toBe(1);
    expect((await save({ address: { line1: '2 Arena Rd' } }, `"${version}"`, at)).status).toBe(200);
    expect((await save({ address: { line1: '3 Arena Rd' } }, `"${version}"`, at)).status).toBe(412);
    expect((await read(at)).body.address.line1).toBe('2 Arena Rd');
    expect((await save({ address: { line1: '4 Arena Rd' } }, undefined, at)).status).toBe(200);
    expect((await read(at)).body).toMatchObject({ address: { line1: '4 Arena Rd' }, version: 3 });
  });
});
