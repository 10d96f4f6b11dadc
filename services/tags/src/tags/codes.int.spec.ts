import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-codes' } as const;
const other = { collection: 'venues', id: 'v-codes' } as const;
type Tenant = { collection: string; id: string };

/** A service whose code generator is given, and alice a member of both tenants. */
async function serviceWith(newCode?: () => string) {
  const svc = await startTagsTestService(newCode ? { newCode } : {});
  await svc.grant('alice', shop);
  await svc.grant('alice', other);
  return { svc, alice: await svc.bearer('alice') };
}

const tagsOf = async (svc: TagsTestService, auth: string, tenant: Tenant = shop) =>
  (await svc.http().get(`/v1/${tenant.collection}/${tenant.id}/tags?limit=1000`).set('authorization', auth)).body.data as { id: string; code: string }[];

describe('tag codes under concurrency', () => {
  it('given 40 creates at once, then 40 tags with 40 different codes, each resolving to its own tag', async () => {
    const { svc, alice } = await serviceWith();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => svc.http().post('/v1/merchants/m-codes/tags').set('authorization', alice).send({ name: `Seat ${n}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    const tags = await tagsOf(svc, alice);
    expect(new Set(tags.map((t) => t.code)).size).toBe(40);
    for (const tag of tags) expect((await svc.http().get(`/v1/tags/${tag.code}`)).body.id).toBe(tag.id);
    await svc.stop();
  });

  it('given a generator that hands the same code to racing creates in two tenants, then the claim lets one keep it and the other draws again', async () => {
    let drawn = 0;
    const { svc, alice } = await serviceWith(() => (++drawn <= 2 ? 'samecode00' : `fresh${String(drawn).padStart(5, '0')}`));
    const [a, b] = await Promise.all([
      svc.http().post('/v1/merchants/m-codes/tags').set('authorization', alice).send({ name: 'A' }),
      svc.http().post('/v1/venues/v-codes/tags').set('authorization', alice).send({ name: 'B' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const codes = [...(await tagsOf(svc, alice)), ...(await tagsOf(svc, alice, other))].map((t) => t.code).sort();
    expect(codes).toEqual(['fresh00003', 'samecode00']);
    await svc.stop();
  });

  it('given a generator that only answers taken codes, then 409 after a few draws and nothing more is stored', async () => {
    const { svc, alice } = await serviceWith(() => 'taken00000');
    expect((await svc.http().post('/v1/merchants/m-codes/tags').set('authorization', alice).send({ name: 'First' })).status).toBe(201);
    const head = await svc.started.deps.eventStore.headPosition();
    const res = await svc.http().post('/v1/merchants/m-codes/tags').set('authorization', alice).send({ name: 'Second' });
    expect([res.status, res.body.message]).toEqual([409, 'Could not pick a free tag code. Please try again.']);
    expect((await tagsOf(svc, alice)).length).toBe(1);
    expect(await svc.started.deps.eventStore.headPosition()).toBe(head);
    await svc.stop();
  });

  it('given one serial activated by two tenants at once, then one 201 and one 409 "This tag is already activated"', async () => {
    const { svc, alice } = await serviceWith();
    const answers = await Promise.all(
      [shop, other, shop].map((t) => svc.http().post(`/v1/${t.collection}/${t.id}/tags/activate/SERIAL-9`).set('authorization', alice).send({ name: 'Seat 9', nfc: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(['This tag is already activated', 'This tag is already activated']);
    const winner = answers.find((a) => a.status === 201)!;
    expect((await svc.http().get('/v1/tags/SERIAL-9')).body.id).toBe(winner.body.id);
    expect((await tagsOf(svc, alice)).length + (await tagsOf(svc, alice, other)).length).toBe(1);
    await svc.stop();
  });
});
