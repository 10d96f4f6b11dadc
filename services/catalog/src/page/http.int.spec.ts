import { authMessages } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createCatalogService } from '../index';
import { actionTypes, blockTypes } from './blocks';
import { actionExamples, blockExamples } from './examples.testkit';

describe('page builder: /v1/merchants/{id}/page (docs/catalog-api.md "Page builder")', () => {
  let svc: TestService;
  let alice: string;
  let bob: string;
  let merchant: string;
  const page = () => `/v1/merchants/${merchant}/page`;
  const storefront = () => svc.http().get('/v1/storefront/page-nachos');

  const hero = { id: 'hero', type: 'hero', props: { title: 'Section 114 Nachos', button: { label: 'Drinks', action: { type: 'openDrawer', id: 'drinks' } } } };
  const story = { id: 'story', type: 'markdown', props: { markdown: '## Our story' }, visibility: ['xs', 'sm'] };
  const drawers = [{ id: 'drinks', title: 'Drinks', blocks: [{ id: 'soda', type: 'promoBanner', props: { text: 'Refills free' } }] }];

  beforeAll(async () => {
    svc = await startTestService(createCatalogService());
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    bob = `Bearer ${await svc.tokenFor({ uid: 'bob' })}`;
    merchant = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Page Nachos', handle: 'page-nachos' })).body.id;
  });
  afterAll(() => svc.stop());

  it('given a merchant without a page, when its member reads it, then no draft, nothing published, version 0; the storefront carries page null', async () => {
    const res = await svc.http().get(page()).set('authorization', alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ draft: null, published: null, version: 0 });
    expect((await storefront()).body.page).toBeNull();
  });

  it('given a block of each type with a mistake, when saved, then 400 names the path of the mistake and nothing is saved', async () => {
    for (const type of blockTypes) {
      const { invalid, path, message } = blockExamples[type];
      const res = await svc.http().post(page()).set('authorization', alice).send({ blocks: [blockExamples.spacer.valid, invalid] });
      expect([type, res.status, res.body.code]).toEqual([type, 400, 'validation_failed']);
      expect([type, res.body.errors[`blocks.1.${path}`]]).toEqual([type, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    expect((await svc.http().get(page()).set('authorization', alice)).body.version).toBe(0);
  });

  it('given an action of each type with a mistake, when saved in a promo banner, then 400 at blocks.0.props.action…', async () => {
    for (const type of actionTypes) {
      const { invalid, path } = actionExamples[type];
      const res = await svc.http().post(page()).set('authorization', alice).send({ blocks: [{ id: 'p', type: 'promoBanner', props: { text: 'Promo', action: invalid } }] });
      expect([type, res.status]).toEqual([type, 400]);
      expect(Object.keys(res.body.errors)).toEqual([['blocks.0.props.action', path].filter(Boolean).join('.')]);
    }
  });

  it('given an unknown block type, then it is refused with its path and message', async () => {
    const res = await svc.http().post(page()).set('authorization', alice).send({ blocks: [hero, { id: 'x', type: 'carousel', props: {} }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Unknown block type', errors: { 'blocks.1.type': 'Unknown block type' } });
  });

  it('given every valid example, when saved, then the draft keeps them in order with their defaults', async () => {
    const blocks = [...blockTypes.map((type) => blockExamples[type].valid), ...actionTypes.map((type, i) => ({ id: `a${i}`, type: 'promoBanner', props: { text: type, action: actionExamples[type].valid } }))];
    const res = await svc.http().post(page()).set('authorization', alice).send({ blocks });
    expect(res.status).toBe(200);
    const read = await svc.http().get(page()).set('authorization', alice);
    expect(read.body.draft.blocks.map((b: { id: string }) => b.id)).toEqual(blocks.map((b) => b.id));
    expect(read.body.draft.blocks[0].visibility).toEqual(['xs', 'sm', 'md', 'lg']);
  });

  it('given a draft, when saved and then published, then the storefront shows the published page only after publish, and its version moves', async () => {
    const saved = await svc.http().post(page()).set('authorization', alice).send({ blocks: [hero, story], drawers });
    expect(saved.body).toMatchObject({ id: merchant, message: 'Page saved' });
    const before = await storefront();
    const published = await svc.http().post(`${page()}/publish`).set('authorization', alice);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ message: 'Page published' });
    const after = await storefront();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.page.blocks.map((b: { id: string }) => b.id)).toEqual(['hero', 'story']);
    expect(after.body.page.drawers[0]).toMatchObject({ id: 'drinks', title: 'Drinks' });

    // A later draft does not change what diners see until it is published.
    await svc.http().post(page()).set('authorization', alice).send({ blocks: [story, hero], drawers });
    expect((await storefront()).body.page.blocks.map((b: { id: string }) => b.id)).toEqual(['hero', 'story']);
    const read = await svc.http().get(page()).set('authorization', alice);
    expect(read.body.draft.blocks.map((b: { id: string }) => b.id)).toEqual(['story', 'hero']);
    expect(read.body.published.blocks.map((b: { id: string }) => b.id)).toEqual(['hero', 'story']);
    expect(read.headers.etag).toBe(`"${read.body.version}"`);
  });

  it('given a stale If-Match, when saved, then 412 and the draft is unchanged', async () => {
    const res = await svc.http().post(page()).set('authorization', alice).set('If-Match', '"1"').send({ blocks: [] });
    expect(res.status).toBe(412);
    expect((await svc.http().get(page()).set('authorization', alice)).body.draft.blocks).toHaveLength(2);
  });

  it('given someone not on the team, then reading, saving and publishing are refused; signed out 401', async () => {
    expect((await svc.http().get(page()).set('authorization', bob)).status).toBe(403);
    expect((await svc.http().post(page()).set('authorization', bob).send({ blocks: [] })).status).toBe(403);
    expect((await svc.http().post(`${page()}/publish`).set('authorization', bob)).status).toBe(403);
    expect((await svc.http().get(page())).status).toBe(401);
  });

  it("given the merchant's sandbox API key, when it publishes, then 403 says a sandbox key cannot change the storefront (use a production key); the production key publishes", async () => {
    const key = async (testMode: boolean) => `Bearer ${await svc.tokenFor({ uid: `apikey:${testMode}`, tenant: { collection: 'merchants', id: merchant, testMode } })}`;
    const sandbox = await svc.http().post(`${page()}/publish`).set('authorization', await key(true));
    expect([sandbox.status, sandbox.body.message]).toEqual([403, authMessages.sandboxKeyCannotChangeStorefront]);
    expect((await svc.http().post(`${page()}/publish`).set('authorization', await key(false))).status).toBe(200);
  });

  it('given a merchant that never saved a draft, when publishing, then 409 There is no draft to publish', async () => {
    const other = (await svc.http().post('/v1/merchants/create').set('authorization', alice).send({ name: 'Empty', handle: 'page-empty' })).body.id;
    const res = await svc.http().post(`/v1/merchants/${other}/page/publish`).set('authorization', alice);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('There is no draft to publish');
  });

  it('then the JSON Schemas of every block and action type are public at /v1/page-builder/schema', async () => {
    const res = await svc.http().get('/v1/page-builder/schema');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.blocks).sort()).toEqual([...blockTypes].sort());
    expect(Object.keys(res.body.actions).sort()).toEqual([...actionTypes].sort());
  });

  it('given no OPENAI_API_KEY, when the assistant is asked, then 503 AI is not configured', async () => {
    const res = await svc.http().post(`${page()}/ai`).set('authorization', alice).send({ prompt: 'Make it pop' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'ai_not_configured', message: 'AI is not configured' });
  });
});
