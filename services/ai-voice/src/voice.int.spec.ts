import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeSpeechSamples, startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { SAMPLE_RATE } from './audio';
import { createAiVoiceService } from './index';
import { voiceMessages as m } from './messages';
import type { VoiceOrder } from './order';

const MERCHANT = 'm-voice';

/** The gateway's two public routes ai-voice reads, as a stand-in server that records what it is asked. */
async function startPublicApi() {
  const quotes: unknown[] = [];
  const storefront = {
    merchant: { id: MERCHANT, name: 'Voice Diner', handle: 'voice-diner', checkoutOptions: { currency: 'USD' } },
    menus: [{ id: 'menu-1', title: 'All day', products: ['burger', 'fries', 'gone'] }],
    products: {
      burger: { id: 'burger', title: 'Burger', price: 9.5, images: ['https://img.test/burger.png'], soldOut: false, modifiers: ['size'] },
      fries: { id: 'fries', title: 'Fries', price: 3.25, images: [], soldOut: false, modifiers: [] },
      gone: { id: 'gone', title: 'Sold-out pie', price: 5, images: [], soldOut: true, modifiers: [] },
    },
    modifiers: {
      size: { id: 'size', title: 'Size', minSelections: 1, maxSelections: 1, options: [{ id: 'small', label: 'Small', additionalCost: 0 }, { id: 'large', label: 'Large', additionalCost: 2 }] },
    },
  };
  // The sandbox site's catalog (`?testMode=true`): its own products.
  const sandbox = { ...storefront, menus: [{ id: 'menu-test', title: 'Test menu', products: ['test-muffin'] }], products: { 'test-muffin': { id: 'test-muffin', title: 'Test Muffin', price: 4.5, images: [], soldOut: false, modifiers: [] } }, modifiers: {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === `/v1/storefront/${MERCHANT}`) return send(200, storefront);
      if (req.method === 'GET' && req.url === `/v1/storefront/${MERCHANT}?testMode=true`) return send(200, sandbox);
      if (req.method === 'GET' && req.url?.startsWith('/v1/storefront/')) return send(404, { message: 'Handle not found' });
      if (req.method === 'POST' && req.url === `/v1/merchants/${MERCHANT}/orders/quote`) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { lineItems: { productId: string; quantity: number; modifiers: { optionIds: string[] }[] }[]; testMode?: boolean };
        quotes.push(body);
        // The orders service's pricing, for this menu (the mode's catalog): the product's price plus its options' costs.
        const catalog: Record<string, { price: number }> = body.testMode ? sandbox.products : storefront.products;
        if (body.lineItems.some((line) => !catalog[line.productId])) return send(400, { message: 'Product not found', errors: { 'lineItems[0].productId': 'Product not found' } });
        const lineItems = body.lineItems.map((line) => {
          const unit = catalog[line.productId]!.price + (line.modifiers.some((mod) => mod.optionIds.includes('large')) ? 2 : 0);
          return { productId: line.productId, quantity: line.quantity, unitPrice: unit, total: Math.round(unit * line.quantity * 100) / 100 };
        });
        return send(200, { billingSummary: { currency: 'USD' }, lineItems });
      }
      send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, quotes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A WAV header and a little silence: what the page sends as `input` when the diner spoke. */
const wav = () => {
  const samples = 2400;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  return buffer;
};

describe('ai-voice API: voice ordering against the fake OpenAI API', () => {
  let fake: FakeOpenAi;
  let api: Awaited<ReturnType<typeof startPublicApi>>;
  let svc: TestService;
  let bare: TestService;
  let later = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    api = await startPublicApi();
    svc = await startTestService(
      createAiVoiceService({ ai: { apiKey: fake.apiKey, baseURL: fake.url, model: 'gpt-test' }, apiUrl: api.url, limits: { tokensPerWindow: 10, turnsPerWindow: 6, windowMs: 60_000 } }),
      { now: () => new Date(Date.now() + later) },
    );
    bare = await startTestService(createAiVoiceService({ apiUrl: api.url }));
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await svc.stop();
    await bare.stop();
    await api.close();
    await fake.close();
  });

  const tokenFor = async (merchantId = MERCHANT) => {
    const res = await svc.http().post(`/v1/merchants/${merchantId}/voice/token`);
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  /** A turn as the page sends it: the multipart form, the bearer order token and the merchantId header. */
  const turn = (token: string | undefined, input: { text?: string; audio?: Buffer }, history: object[] = []) => {
    let req = svc.http().post('/api/ai/order/vertex').set('merchantId', MERCHANT);
    if (token) req = req.set('authorization', `Bearer ${token}`);
    req = req.field('merchantId', MERCHANT).field('clientId', 'client-1').field('auth', '{}').field('message', JSON.stringify(history));
    req = input.audio ? req.attach('input', input.audio, { filename: 'input.wav', contentType: 'audio/wav' }) : req.field('input', input.text ?? '');
    return req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  };
  const orderOf = (res: { headers: Record<string, string> }) => JSON.parse(decodeURIComponent(res.headers.order!)) as VoiceOrder;
  const problemOf = (res: { body: unknown }) => JSON.parse((res.body as Buffer).toString('utf8')) as { message: string; code: string };

  it('given a merchant, when the page asks for an order token without signing in, then a short-lived token; an unknown merchant is 404', async () => {
    const res = await svc.http().post(`/v1/merchants/${MERCHANT}/voice/token`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.stringMatching(/^vo_/), sampleRate: 24_000 });
    expect(new Date(res.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(res.headers['cache-control']).toBe('no-store');
    const unknown = await svc.http().post('/v1/merchants/m-nobody/voice/token');
    expect([unknown.status, unknown.body.message]).toEqual([404, m.merchantNotFound]);
  });

  it("given a diner on the sandbox site (?testMode=true), when they order by voice, then the assistant offers the sandbox catalog and the line is quoted in sandbox; another testMode is a 400", async () => {
    // Given: an order token for the sandbox site.
    const token = await svc.http().post(`/v1/merchants/${MERCHANT}/voice/token?testMode=true`);
    expect(token.status).toBe(200);

    // When: the model adds the sandbox's muffin.
    fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { productId: 'test-muffin', quantity: 1, optionIds: [] } }] }, { content: 'One muffin.' });
    const res = await turn(token.body.token as string, { text: 'a muffin please' });

    // Then: the model was offered only the sandbox's products, the quote asked in sandbox, the order holds the muffin.
    expect(res.status).toBe(200);
    const offered = (fake.chatRequests()[0] as { tools?: { function: { name: string; parameters: { properties: { productId?: { enum?: string[] } } } } }[] }).tools;
    expect(offered?.find((tool) => tool.function.name === 'add_item')?.function.parameters.properties.productId?.enum).toEqual(['test-muffin']);
    expect(api.quotes.at(-1)).toMatchObject({ testMode: true, lineItems: [expect.objectContaining({ productId: 'test-muffin', quantity: 1 })] });
    expect(orderOf(res).lineItems).toEqual([expect.objectContaining({ productId: 'test-muffin', title: 'Test Muffin', quantity: 1, price: 4.5 })]);

    // And: a production token still orders from production.
    fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { productId: 'fries', quantity: 1, optionIds: [] } }] }, { content: 'Fries.' });
    const production = await turn(await tokenFor(), { text: 'fries' });
    expect(orderOf(production).lineItems).toEqual([expect.objectContaining({ productId: 'fries', price: 3.25 })]);
    expect(api.quotes.at(-1)).not.toHaveProperty('testMode');

    const bad = await svc.http().post(`/v1/merchants/${MERCHANT}/voice/token?testMode=yes`);
    expect([bad.status, bad.body.message]).toEqual([400, m.testModeInvalid]);
  });

  it('given typed words, when the model adds two large burgers, then the headers carry the transcript, the reply and the order priced by the quote, and the body is float32 at 24 kHz as long as the fake speech', async () => {
    const token = await tokenFor();
    const reply = 'Two large burgers. Anything else?';
    fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { productId: 'burger', quantity: 2, optionIds: ['size:large'] } }] }, { content: reply });
    const res = await turn(token, { text: 'two large burgers please' });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.transcript!)).toBe('two large burgers please');
    expect(decodeURIComponent(res.headers.reply!)).toBe(reply);
    expect(res.headers['sample-rate']).toBe('24000');
    const order = orderOf(res);
    expect(order).toEqual({
      merchantId: MERCHANT,
      lineItems: [{ quantity: 2, title: 'Burger', images: ['https://img.test/burger.png'], price: 11.5, total: 23, productId: 'burger', modifiers: [{ modifierId: 'size', optionIds: ['large'] }], options: ['Large'] }],
      checkout: { currency: 'USD' },
    });
    // Priced by the quote route, which was sent the cart's lines (never a price).
    expect(api.quotes.at(-1)).toMatchObject({ lineItems: [{ productId: 'burger', quantity: 2, modifiers: [{ modifierId: 'size', optionIds: ['large'] }] }] });

    const body = res.body as Buffer;
    expect(body.length).toBe(fakeSpeechSamples(reply) * 4);
    const samples = new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.length));
    expect(samples[0]).toBe(0);
    const at = 7;
    expect(samples[at]).toBeCloseTo(Math.round(Math.sin((2 * Math.PI * 440 * at) / 24_000) * 8000) / 32768, 6);
    expect(Math.max(...samples)).toBeLessThan(1);

    // The model was given the live menu's ids as enums (the sold-out pie is not orderable).
    const tools = fake.chatRequests()[0]!.tools!;
    expect(tools.map((t) => t.function.name)).toEqual(['add_item', 'remove_item', 'set_quantity', 'list_items']);
    expect((tools[0]!.function.parameters as { properties: { productId: { enum: string[] }; optionIds: { items: { enum: string[] } } } }).properties.productId.enum).toEqual(['burger', 'fries']);
    expect((tools[0]!.function.parameters as { properties: { optionIds: { items: { enum: string[] } } } }).properties.optionIds.items.enum).toEqual(['size:small', 'size:large']);
    const speech = fake.requests.find((r) => r.path === '/v1/audio/speech')!;
    expect(speech.body).toMatchObject({ input: reply, response_format: 'pcm' });
  });

  it('given a recording, when it is transcribed, then the model hears the transcript and the cart of the session goes on from the last turn', async () => {
    const token = await tokenFor();
    fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { productId: 'fries', quantity: 1, optionIds: [] } }] }, { content: 'Fries added.' });
    await turn(token, { text: 'fries' });
    fake.enqueueTranscript('and a small burger');
    fake.enqueue({ toolCalls: [{ name: 'add_item', arguments: { productId: 'burger', quantity: 1, optionIds: ['size:small'] } }] }, { content: 'A small burger too.' });
    const res = await turn(token, { audio: wav() }, [{ role: 'user', content: 'fries', latency: 900 }, { role: 'assistant', content: 'Fries added.', latency: 1200 }]);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.transcript!)).toBe('and a small burger');
    expect(orderOf(res).lineItems.map((l) => [l.title, l.quantity, l.price])).toEqual([['Fries', 1, 3.25], ['Burger', 1, 9.5]]);
    const transcription = fake.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
    expect(transcription.contentType).toMatch(/multipart\/form-data/);
    const lastChat = fake.chatRequests().at(-2)!;
    expect(lastChat.messages.slice(1).map((msg) => [msg.role, msg.content])).toEqual([['user', 'fries'], ['assistant', 'Fries added.'], ['user', 'and a small burger']]);
  });

  it('given a tool call naming a product that does not exist, or a burger without its required size, then it is refused to the model and never reaches the cart', async () => {
    const token = await tokenFor();
    fake.enqueue(
      { toolCalls: [{ name: 'add_item', arguments: { productId: 'pizza', quantity: 1, optionIds: [] } }, { name: 'add_item', arguments: { productId: 'burger', quantity: 1, optionIds: [] } }] },
      { content: 'We have no pizza. Which size of burger?' },
    );
    const res = await turn(token, { text: 'a pizza and a burger' });
    expect(res.status).toBe(200);
    expect(orderOf(res).lineItems).toEqual([]);
    const toolResults = fake.chatRequests()[1]!.messages.filter((msg) => msg.role === 'tool').map((msg) => String(msg.content));
    expect(toolResults).toEqual([expect.stringMatching(/^Error: there is no product "pizza"/), expect.stringMatching(/^Error: Burger needs a choice of Size \(Small, Large\)/)]);
  });

  it('given no order token, a forged or expired one, or one of another merchant, then 401 and the model is never asked', async () => {
    expect((await turn(undefined, { text: 'fries' })).status).toBe(401);
    expect(problemOf(await turn(undefined, { text: 'fries' })).message).toBe(m.tokenRequired);
    const token = await tokenFor();
    const forged = `${token.slice(0, -3)}abc`;
    expect((await turn(forged, { text: 'fries' })).status).toBe(401);
    expect((await svc.http().post('/api/ai/order/vertex').set('authorization', `Bearer ${token}`).set('merchantId', 'm-other').field('input', 'fries')).status).toBe(401);
    later = 16 * 60_000;
    try {
      expect((await turn(token, { text: 'fries' })).status).toBe(401);
    } finally {
      later = 0;
    }
    expect(fake.requests).toEqual([]);
  });

  it('given a client over its turns per window, then 429 with Retry-After; tokens are limited per client too', async () => {
    const token = await tokenFor();
    fake.replier(() => ({ content: 'Okay.' }));
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof turn>> | undefined;
    for (let i = 0; i < 7; i += 1) {
      last = await turn(token, { text: 'hello' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(problemOf(last!)).toMatchObject({ code: 'rate_limited', message: m.tooManyTurns });
    const tokens: number[] = [];
    for (let i = 0; i < 10; i += 1) tokens.push((await svc.http().post(`/v1/merchants/${MERCHANT}/voice/token`)).status);
    expect(tokens).toContain(429);
  });

  it('given no OPENAI_API_KEY, then the token answers 503 "Voice ordering is not configured" and nothing is made up', async () => {
    const res = await bare.http().post(`/v1/merchants/${MERCHANT}/voice/token`);
    expect([res.status, res.body.code, res.body.message]).toEqual([503, 'ai_not_configured', 'Voice ordering is not configured']);
  });
});
