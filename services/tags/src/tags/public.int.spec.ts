import { startTagsTestService, type TagsTestService } from '../testing';

const shop = { collection: 'merchants', id: 'm-public' } as const;

describe('public tag resolution', () => {
  let svc: TagsTestService;
  let alice: string;
  const path = (rest = '') => `/v1/merchants/${shop.id}/tags${rest}`;
  const create = (body: object) => svc.http().post(path()).set('authorization', alice).send(body);
  const codeOf = async (id: string) => (await svc.http().get(path(`/${id}`)).set('authorization', alice)).body.code as string;
  const resolve = (code: string) => svc.http().get(`/v1/tags/${encodeURIComponent(code)}`);

  beforeAll(async () => {
    svc = await startTagsTestService();
    alice = await svc.bearer('alice');
    await svc.grant('alice', shop);
  });
  afterAll(() => svc.stop());

  it('given a tag with visible and hidden pairs, when resolved by its code without sign-in, then only the visible pairs, in order', async () => {
    const { body } = await create({
      name: 'Table 12 Seat 2C',
      metadata: [{ key: 'Table', value: '12' }, { key: 'Waiter', value: 'Ann', visible: false }, { key: 'Seat', value: '2C', visible: true }],
    });
    const code = await codeOf(body.id);
    const res = await resolve(code);
    expect([res.status, res.body]).toEqual([200, {
      id: body.id, code, name: 'Table 12 Seat 2C', collection: 'merchants', tenantId: shop.id, testMode: false,
      metadata: [{ key: 'Table', value: '12' }, { key: 'Seat', value: '2C' }],
    }]);
  });

  it('given an update that hides a pair and renames the tag, then the resolution follows at once', async () => {
    const { body } = await create({ name: 'Bar 1', metadata: [{ key: 'Bar', value: '1' }, { key: 'Stool', value: '4' }] });
    const code = await codeOf(body.id);
    await svc.http().post(path(`/${body.id}`)).set('authorization', alice).send({ name: 'Bar 2', metadata: [{ key: 'Bar', value: '2', visible: false }, { key: 'Stool', value: '4' }] });
    expect((await resolve(code)).body).toMatchObject({ name: 'Bar 2', metadata: [{ key: 'Stool', value: '4' }] });
  });

  it('given a sandbox tag and an activated serial, then each resolves, the sandbox one with testMode true', async () => {
    const sandbox = await create({ name: 'Test Seat', testMode: true });
    expect((await resolve(await codeOf(sandbox.body.id))).body).toMatchObject({ id: sandbox.body.id, testMode: true });
    const activated = await svc.http().post(path('/activate/04:a2:3b')).set('authorization', alice).send({ name: 'Seat 9', nfc: true });
    expect((await resolve('04:a2:3b')).body).toMatchObject({ id: activated.body.id, code: '04:a2:3b', name: 'Seat 9', metadata: [] });
    const dotted = await svc.http().post(path('/activate/Row.7~B')).set('authorization', alice).send({ name: 'Row 7 B', nfc: false });
    expect((await svc.http().get('/v1/tags/Row.7~B')).body).toMatchObject({ id: dotted.body.id, code: 'Row.7~B' });
    expect((await svc.http().get(path(`/${dotted.body.id}`)).set('authorization', alice)).body).toMatchObject({ activated: true, nfc: false });
  });

  it('given a deleted tag, an unknown code or a tag id instead of its code, then 404 "Tag not found"', async () => {
    const { body } = await create({ name: 'Gone' });
    const code = await codeOf(body.id);
    await svc.http().delete(path(`/${body.id}`)).set('authorization', alice);
    for (const missing of [code, 'nope000000', body.id]) {
      const res = await resolve(missing);
      expect([missing, res.status, res.body.message]).toEqual([missing, 404, 'Tag not found']);
    }
  });
});
