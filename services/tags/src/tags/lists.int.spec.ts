import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-list' } as const;

describe('tag lists', () => {
  let svc: TagsTestService;
  let alice: string;
  let productionKey: string;
  let sandboxKey: string;
  const path = `/v1/merchants/${shop.id}/tags`;
  const create = (body: object, auth = alice) => svc.http().post(path).set('authorization', auth).send(body);
  const list = (query = '', auth = alice) => svc.http().get(`${path}${query}`).set('authorization', auth);
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((t) => t.name);

  beforeAll(async () => {
    svc = await startTagsTestService();
    alice = await svc.bearer('alice');
    productionKey = await svc.bearer('apikey:p', { key: { ...shop, testMode: false } });
    sandboxKey = await svc.bearer('apikey:s', { key: { ...shop, testMode: true } });
    await svc.grant('alice', shop);
    for (const name of ['Table 10', 'table 2', 'Table 1', 'Bar 3', 'bar 12', 'Table 2A']) expect((await create({ name })).status).toBe(201);
    expect((await create({ name: 'Sandbox Table 1', testMode: true })).status).toBe(201);
  });
  afterAll(() => svc.stop());

  it('given no sort, then by name in natural order, case-insensitive, production only', async () => {
    const res = await list();
    expect(names(res)).toEqual(['Bar 3', 'bar 12', 'Table 1', 'table 2', 'Table 2A', 'Table 10']);
    expect(res.body).toMatchObject({ total: 6, nextCursor: null });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['activated', 'code', 'collection', 'createdAt', 'id', 'metadata', 'name', 'nfc', 'stats', 'tenantId', 'testMode', 'updatedAt', 'version'],
    );
  });

  it('given order=desc and pages of two, then the reverse order, page by page with nextCursor', async () => {
    expect(names(await list('?order=desc&sort=name'))).toEqual(['Table 10', 'Table 2A', 'table 2', 'Table 1', 'bar 12', 'Bar 3']);
    const first = await list('?limit=2');
    expect([names(first), first.body.total]).toEqual([['Bar 3', 'bar 12'], 6]);
    const second = await list(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(names(second)).toEqual(['Table 1', 'table 2']);
    const third = await list(`?limit=2&cursor=${second.body.nextCursor}`);
    expect([names(third), third.body.nextCursor]).toEqual([['Table 2A', 'Table 10'], null]);
  });

  it('given q of 3+ characters, then a case-insensitive prefix of the name in the same order; a shorter q is ignored', async () => {
    expect(names(await list('?q=TAB'))).toEqual(['Table 1', 'table 2', 'Table 2A', 'Table 10']);
    expect(names(await list('?q=table%202'))).toEqual(['table 2', 'Table 2A']);
    expect(names(await list('?q=ba'))).toHaveLength(6);
    expect(names(await list('?q=able'))).toEqual([]);
    expect(names(await list('?q=san'))).toEqual([]);
    expect(names(await list('?q=san&testMode=true'))).toEqual(['Sandbox Table 1']);
  });

  it('given an unknown sort, then 400 and the field named', async () => {
    const res = await list('?sort=code');
    expect([res.status, res.body.errors]).toEqual([400, { sort: 'Cannot sort by code' }]);
  });

  it('given testMode=true, then only the sandbox; a sandbox key sees the sandbox by default and creates there', async () => {
    expect(names(await list('?testMode=true'))).toEqual(['Sandbox Table 1']);
    expect(names(await list('', sandboxKey))).toEqual(['Sandbox Table 1']);
    const made = await create({ name: 'Key Table' }, sandboxKey);
    expect((await svc.http().get(`${path}/${made.body.id}`).set('authorization', alice)).body.testMode).toBe(true);
    expect(names(await list('?testMode=true'))).toEqual(['Key Table', 'Sandbox Table 1']);
    expect(names(await list())).not.toContain('Key Table');
    await svc.http().delete(`${path}/${made.body.id}`).set('authorization', sandboxKey);
  });

  it('given a production key, then production by default, and the sandbox refused', async () => {
    expect(names(await list('', productionKey))).toHaveLength(6);
    expect((await list('?testMode=true', productionKey)).status).toBe(403);
    expect((await create({ name: 'Sneaky', testMode: true }, productionKey)).status).toBe(403);
    expect((await list('?testMode=false', sandboxKey)).status).toBe(403);
    expect(names(await list('?testMode=true'))).toEqual(['Sandbox Table 1']);
  });
});
