import { startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createCatalogService } from '../index';

describe('page builder AI assistant: POST /v1/merchants/{id}/page/ai, against the fake OpenAI', () => {
  let fake: FakeOpenAi;
  let svc: TestService;
  let alice: string;
  let merchant: string;
  const ids = { nachos: '', soda: '', menu: '' };
  const ask = (body: object) => svc.http().post(`/v1/merchants/${merchant}/page/ai`).set('authorization', alice).send(body);
  const post = async (path: string, body: object) => (await svc.http().post(path).set('authorization', alice).send(body)).body as { id: string };

  const hero = { id: 'hero', type: 'hero', visibility: ['xs', 'sm', 'md', 'lg'], props: { title: 'Welcome', subtitle: '', banner: '', button: null } };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    svc = await startTestService(createCatalogService({ ai: { apiKey: fake.apiKey, baseURL: fake.url, model: 'gpt-test' } }));
    alice = `Bearer ${await svc.tokenFor({ uid: 'alice' })}`;
    merchant = (await post('/v1/merchants/create', { name: 'AI Nachos', handle: 'ai-nachos' })).id;
    ids.nachos = (await post(`/v1/merchants/${merchant}/products`, { title: 'Nachos', price: 8.25 })).id;
    ids.soda = (await post(`/v1/merchants/${merchant}/products`, { title: 'Soda', price: 3 })).id;
    ids.menu = (await post(`/v1/merchants/${merchant}/menus`, { title: 'Game Day', availability: { allDayMenu: true }, products: [ids.nachos, ids.soda] })).id;
    await post(`/v1/merchants/${merchant}/page`, { blocks: [hero] });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await svc.stop();
    await fake.close();
  });

  it('given a selected block, when the model answers JSON that fits its schema, then the answer is the new element; the model saw the prompt, the state and the block type’s schema', async () => {
    const next = { ...hero, props: { ...hero.props, title: 'Loaded nachos, fast', subtitle: 'Section 114' } };
    fake.enqueue({ json: { element: next } });
    const res = await ask({ prompt: 'Punchier title', path: 'blocks.0' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ path: 'blocks.0', applied: true, value: next, message: 'Done.' });
    const request = fake.chatRequests()[0];
    if (!request) throw new Error("no request reached the fake");
    expect(request.model).toBe('gpt-test');
    expect(request.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'page_block' } });
    const schema = JSON.stringify(request.response_format?.json_schema?.schema);
    expect(schema).toContain('"const":"hero"');
    expect(schema).not.toContain('"const":"markdown"');
    expect(JSON.stringify(request.messages)).toContain('Punchier title');
    expect(JSON.stringify(request.messages)).toContain('Welcome');
  });

  it('given the editor’s unsaved state of an action, then that state is what the model edits, against the action type’s schema', async () => {
    fake.enqueue({ json: { element: { type: 'setAlert', color: 'success', message: 'Thanks!' } } });
    const res = await ask({ prompt: 'Say thanks in green', path: 'blocks.0.props.button.action', state: { type: 'setAlert', color: 'info', message: 'Hi' } });
    expect(res.body).toMatchObject({ applied: true, value: { type: 'setAlert', color: 'success', message: 'Thanks!' } });
    expect(JSON.stringify(fake.chatRequests()[0]?.response_format?.json_schema?.schema)).toContain('"const":"setAlert"');
  });

  it('given a reply that is not JSON, or JSON that does not fit the schema, then nothing changes and a quiet note says so', async () => {
    fake.enqueue({ content: 'Sure! Here is a hero: {title:' }, { json: { element: { ...hero, props: { title: '' } } } }, { json: { something: 'else' } });
    for (let i = 0; i < 3; i++) {
      const res = await ask({ prompt: 'Make it pop', path: 'blocks.0' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ path: 'blocks.0', applied: false, note: 'The assistant’s answer did not fit this element, so nothing changed. Try rephrasing.' });
    }
    const saved = await svc.http().get(`/v1/merchants/${merchant}/page`).set('authorization', alice);
    expect(saved.body.draft.blocks).toEqual([hero]);
  });

  it('given a whole-page prompt, then the model is given the real menus and products, and a generated grid keeps only ids from the catalog', async () => {
    fake.replier(() => ({
      json: {
        element: {
          blocks: [
            { id: 'top', type: 'hero', props: { title: 'Game day eats' } },
            { id: 'grid', type: 'productGrid', props: { title: 'Favourites', menuId: 'made-up-menu', productIds: [ids.nachos, 'invented-lobster', ids.soda] } },
          ],
          views: [],
          drawers: [],
        },
      },
    }));
    const res = await ask({ prompt: 'A page for game day with our favourites' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ path: '', applied: true, message: 'Done. 2 product or menu ids not in your catalog left out.' });
    expect(res.body.value.blocks[1].props).toMatchObject({ productIds: [ids.nachos, ids.soda], menuId: '' });
    const system = JSON.stringify(fake.chatRequests()[0]?.messages[0]);
    for (const id of [ids.nachos, ids.soda, ids.menu]) expect(system).toContain(id);
    expect(fake.chatRequests()[0]?.response_format?.json_schema?.name).toBe('page_page');
  });

  it('given a path that names no element, or no prompt, then 400 per field', async () => {
    const bad = await ask({ prompt: 'x', path: 'blocks.0.props.title' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ path: 'Choose a block, an action, a view, a drawer or the whole page' });
    expect((await ask({ prompt: ' ' })).body.errors).toEqual({ prompt: 'Write what the assistant should do' });
  });

  it('given the model API fails, then 503 and nothing changes', async () => {
    fake.enqueue({ error: { status: 500, message: 'boom' } });
    const res = await ask({ prompt: 'x', path: 'blocks.0' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The assistant is unavailable, try again later');
  });
});
