import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { catalogService } from '../index';

/** Issue 20 / seed 002 §4, §6, §7: a venue's linked merchants, with the merchant's consent. */
describe('venue linked merchants: link/unlink, requests, order, search', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let staff: string;
  let venue: string;
  const mine: string[] = [];
  let bobs: string;

  const create = async (auth: string, collection: string, name: string, handle: string) =>
    (await svc.http().post(`/v1/${collection}/create`).set('authorization', auth).send({ name, handle })).body.id as string;
  const linked = async () => (await svc.http().get(`/v1/venues/${venue}/merchants`).set('authorization', alice)).body;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    bob = `Bearer ${await svc.tokenFor({ uid: 'bob' })}`;
    staff = `Bearer ${await svc.tokenFor({ uid: 'staff' })}`;
    venue = await create(alice, 'venues', 'Arena', 'the-arena');
    mine.push(await create(alice, 'merchants', 'Pizza Stand', 'pizza-stand'), await create(alice, 'merchants', 'Taco Stand', 'taco-stand'));
    bobs = await create(bob, 'merchants', 'Pretzel Cart', 'pretzel-cart');
    await svc.grant({ uid: 'staff', tenantId: venue, collection: 'venues', role: 'teamMember' });
  });
  afterAll(() => svc.stop());

  it("given a venue admin who also administers two merchants, when they link both and reorder, then the venue lists them in that order (the venue document's merchants too)", async () => {
    for (const id of mine) {
      const res = await svc.http().get(`/v1/venues/${venue}/link/${id}?action=link`).set('authorization', alice);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Merchant linked' });
    }
    expect((await linked()).data.map((m: { name: string }) => m.name)).toEqual(['Pizza Stand', 'Taco Stand']);
    const order = await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', alice).send([mine[1], mine[0]]);
    expect(order.body).toEqual({ message: 'Merchant order saved' });
    expect((await linked()).data.map((m: { handle: string }) => m.handle)).toEqual(['taco-stand', 'pizza-stand']);
    expect((await svc.http().get(`/v1/venues/${venue}`).set('authorization', alice)).body.merchants).toEqual([mine[1], mine[0]]);
    // Linking again changes nothing.
    expect((await svc.http().get(`/v1/venues/${venue}/link/${mine[0]}?action=link`).set('authorization', alice)).body.message).toBe('Merchant already linked');
  });

  it('given an order that leaves a linked merchant out or repeats one, then 400 with the message and nothing changes', async () => {
    for (const body of [[mine[0]], [mine[0], mine[0]], { merchants: [mine[0], bobs] }]) {
      const res = await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', alice).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The new order must list each linked merchant once');
    }
    expect((await linked()).data.map((m: { id: string }) => m.id)).toEqual([mine[1], mine[0]]);
  });

  it("given another owner's merchant, when the venue links it, then it is a pending request, not a link; the merchant's admin sees it and accepts, then it is listed", async () => {
    const res = await svc.http().get(`/v1/venues/${venue}/link/${bobs}?action=link`).set('authorization', alice);
    expect(res.body).toEqual({ message: "Link requested. The merchant's admin will accept or decline it." });
    const after = await linked();
    expect(after.data.map((m: { id: string }) => m.id)).toEqual([mine[1], mine[0]]);
    expect(after.pending.map((m: { id: string }) => m.id)).toEqual([bobs]);
    // Alice cannot answer for Bob's merchant.
    expect((await svc.http().post(`/v1/merchants/${bobs}/venue-requests/${venue}`).set('authorization', alice).send({ action: 'accept' })).status).toBe(403);
    const requests = await svc.http().get(`/v1/merchants/${bobs}/venue-requests`).set('authorization', bob);
    expect(requests.body.data).toEqual([{ venueId: venue, name: 'Arena', handle: 'the-arena', requestedAt: expect.any(String) }]);
    const accepted = await svc.http().post(`/v1/merchants/${bobs}/venue-requests/${venue}`).set('authorization', bob).send({ action: 'accept' });
    expect(accepted.body).toEqual({ message: 'Venue link accepted' });
    const now = await linked();
    expect(now.data.map((m: { id: string }) => m.id)).toEqual([mine[1], mine[0], bobs]);
    expect(now.pending).toEqual([]);
    expect((await svc.http().get(`/v1/merchants/${bobs}/venue-requests`).set('authorization', bob)).body.data).toEqual([]);
  });

  it('given a request the merchant declines, then nothing is linked; an unlink removes a linked merchant', async () => {
    await svc.http().get(`/v1/venues/${venue}/link/${bobs}?action=unlink`).set('authorization', alice).expect(200, { message: 'Merchant unlinked' });
    await svc.http().get(`/v1/venues/${venue}/link/${bobs}?action=link`).set('authorization', alice).expect(200);
    await svc.http().post(`/v1/merchants/${bobs}/venue-requests/${venue}`).set('authorization', bob).send({ action: 'decline' }).expect(200, { message: 'Venue link declined' });
    expect(await linked()).toMatchObject({ pending: [] });
    expect((await linked()).data.map((m: { id: string }) => m.id)).toEqual([mine[1], mine[0]]);
    expect((await svc.http().post(`/v1/merchants/${bobs}/venue-requests/${venue}`).set('authorization', bob).send({ action: 'accept' })).status).toBe(404);
    expect((await svc.http().get(`/v1/venues/${venue}/link/${bobs}?action=unlink`).set('authorization', alice)).body.message).toBe('Merchant is not linked');
  });

  it('given a linked merchant since deleted (the dashboard no longer lists it), when the venue orders the ones it lists, then the order is saved (it was refused: no order could be saved again)', async () => {
    const gone = await create(alice, 'merchants', 'Closed Stand', 'closed-stand');
    await svc.http().get(`/v1/venues/${venue}/link/${gone}?action=link`).set('authorization', alice).expect(200);
    await svc.http().post(`/v1/merchants/${gone}/delete`).set('authorization', alice).send({}).expect(200);
    expect((await linked()).data.map((m: { id: string }) => m.id)).toEqual([mine[1], mine[0]]);
    const order = await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', alice).send([mine[0], mine[1]]);
    expect(order.body).toEqual({ message: 'Merchant order saved' });
    expect((await linked()).data.map((m: { id: string }) => m.id)).toEqual([mine[0], mine[1]]);
    await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', alice).send([mine[1], mine[0]]).expect(200);
  });

  it('given Link Merchant search, then it starts after more than 2 characters and matches the name case-insensitively, flagging linked ones', async () => {
    expect((await svc.http().get(`/v1/venues/${venue}/merchants/search?q=ta`).set('authorization', alice)).body.data).toEqual([]);
    const found = await svc.http().get(`/v1/venues/${venue}/merchants/search?q=TAC`).set('authorization', alice);
    expect(found.body.data).toEqual([expect.objectContaining({ id: mine[1], name: 'Taco Stand', linked: true, pending: false })]);
    expect((await svc.http().get(`/v1/venues/${venue}/merchants/search?q=pret`).set('authorization', alice)).body.data).toEqual([expect.objectContaining({ id: bobs, linked: false })]);
  });

  it('given the venue gate on the server: a team member reads the list but may not link or reorder (403); a stranger 403; nobody 401; a bad action 400', async () => {
    expect((await svc.http().get(`/v1/venues/${venue}/merchants`).set('authorization', staff)).status).toBe(200);
    expect((await svc.http().get(`/v1/venues/${venue}/link/${mine[0]}?action=unlink`).set('authorization', staff)).status).toBe(403);
    expect((await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', staff).send([mine[0], mine[1]])).status).toBe(403);
    expect((await svc.http().get(`/v1/venues/${venue}/merchants`).set('authorization', bob)).status).toBe(403);
    expect((await svc.http().get(`/v1/venues/${venue}/merchants`)).status).toBe(401);
    const bad = await svc.http().get(`/v1/venues/${venue}/link/${mine[0]}?action=maybe`).set('authorization', alice);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ action: "action must be 'link' or 'unlink'" });
    expect((await svc.http().get(`/v1/venues/${venue}/link/nope?action=link`).set('authorization', alice)).status).toBe(404);
  });
});

/** Issue 20: the public storefront document of a venue handle. */
describe('the public venue document: GET /v1/storefront/{venueHandle}', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(catalogService, { sources: ['identity', 'media'] });
  });
  afterAll(() => svc.stop());

  it("given a venue with linked merchants in its order, then type 'venue', its hours and address, and the merchants' cards in that order; a merchant's rename shows at once; an unlinked one is gone", async () => {
    const alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    const create = async (collection: string, name: string, handle: string) =>
      (await svc.http().post(`/v1/${collection}/create`).set('authorization', alice).send({ name, handle })).body.id as string;
    const venue = await create('venues', 'Arena', 'the-arena');
    const a = await create('merchants', 'Pizza Stand', 'pizza-stand');
    const b = await create('merchants', 'Taco Stand', 'taco-stand');
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const hours = days.map((day) => ({ day, isOpen: day !== 'Monday', open: { time: '0900' }, close: { time: '1700' } }));
    await svc.http().post(`/v1/venues/${venue}`).set('authorization', alice).send({ hours, address: { line1: '1 Stadium Way', city: 'Austin' } }).expect(200);
    expect((await svc.http().get('/v1/storefront/the-arena')).body.merchants).toEqual([]);
    for (const id of [a, b]) await svc.http().get(`/v1/venues/${venue}/link/${id}?action=link`).set('authorization', alice).expect(200);
    await svc.http().post(`/v1/venues/${venue}/merchants/order`).set('authorization', alice).send([b, a]).expect(200);
    const page = (await svc.http().get('/v1/storefront/the-arena')).body;
    expect(page.type).toBe('venue');
    expect(page.venue).toMatchObject({ id: venue, name: 'Arena', handle: 'the-arena', address: expect.objectContaining({ line1: '1 Stadium Way' }) });
    expect(page.venue.hours).toHaveLength(7);
    expect(page.merchants).toEqual([
      { id: b, name: 'Taco Stand', description: '', handle: 'taco-stand', branding: { icon: null, banner: null } },
      { id: a, name: 'Pizza Stand', description: '', handle: 'pizza-stand', branding: { icon: null, banner: null } },
    ]);
    await svc.http().post(`/v1/merchants/${b}`).set('authorization', alice).send({ details: { name: 'Taco Shack' } }).expect(200);
    expect((await svc.http().get('/v1/storefront/the-arena')).body.merchants.map((m: { name: string }) => m.name)).toEqual(['Taco Shack', 'Pizza Stand']);
    await svc.http().get(`/v1/venues/${venue}/link/${b}?action=unlink`).set('authorization', alice).expect(200);
    expect((await svc.http().get('/v1/storefront/the-arena')).body.merchants.map((m: { id: string }) => m.id)).toEqual([a]);
  });
});
