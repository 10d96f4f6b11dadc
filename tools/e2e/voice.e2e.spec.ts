import path from 'node:path';
import type { Page } from 'playwright-core';
import { startFakeOpenAi, type FakeOpenAi } from '@seatside/chassis/src/testkit/openai';
import { FAKE_MEDIA_ARGS, webAppUnderTest } from './browser';
import { apiOf, signUp, type ListAnswer } from './session';

/** A spoken order, made with espeak-ng and checked in: 1 s of silence, "Two cheeseburgers, please.", 2.5 s of silence. */
const SPOKEN_ORDER = path.join(__dirname, 'fixtures', 'voice-order.wav');

// The page's words (frontends/storefront/src/messages.ts; apps cannot be imported here).
const words = {
  start: 'Start talking',
  stop: 'Stop listening',
  send: 'Send',
  typeLabel: 'Type your order',
  checkout: 'Checkout',
  placeOrder: 'Place order',
  detectorFailed: 'Failed to load, please try refreshing',
  typePrompt: 'Type what you would like below.',
  notConfigured: 'Voice ordering is not configured',
} as const;

const REPLY = 'Two cheeseburgers are in your order. Anything else?';

type Order = { id: string; orderCode: string; status: string; lineItems: { title: string; quantity: number }[] };

/**
 * AI voice ordering end to end (issue 26, seed 000 §2, §4, §7, §8, §9): the platform as `npm start`
 * serves it, its ai-voice service (through the gateway's real routes) talking with the real `openai`
 * SDK to a local fake of the OpenAI API (transcription, chat with a tool call, 24 kHz speech).
 * Chromium's fake microphone plays a spoken order into the page's real voice-activity detector
 * (Silero through onnxruntime-web, served by the platform), so the page goes through listening,
 * processing and speaking; the order summary shows the catalog's prices, and Checkout places an order.
 */
describe('AI voice ordering: the page at /{handle}/voice', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  const app = webAppUnderTest(
    'voice',
    () => ({ OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-e2e' }),
    // The spoken order plays once from when the page opens the microphone; audio may play without a gesture.
    { browserArgs: [...FAKE_MEDIA_ARGS, `--use-file-for-fake-audio-capture=${SPOKEN_ORDER}%noloop`, '--autoplay-policy=no-user-gesture-required'] },
  );
  const call = apiOf(app);

  let account: { token: string };
  let handle: string;
  let merchantId: string;
  let burgerId: string;

  beforeAll(async () => {
    account = await signUp(app, 'voice');
    handle = `voice-${process.pid}-${Date.now().toString(36)}`;
    const merchant = await call<{ id: string }>('POST', '/merchants/create', { name: 'Section 114 Burgers', handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
    expect(merchant.status).toBe(201);
    merchantId = merchant.body.id;
    const burger = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Cheeseburger', price: 8.5 }, account.token);
    expect(burger.status).toBe(201);
    burgerId = burger.body.id;
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'Game Day', availability: { allDayMenu: true }, products: [burgerId] }, account.token)).status).toBe(201);
  });

  beforeEach(() => {
    fake.reset();
    fake.defaultTranscript = 'Two cheeseburgers, please.';
    // The model adds what the diner asked for (by the catalog id its tool offers), then answers.
    fake.replier((chat) => {
      if (chat.messages.some((message) => message.role === 'tool')) return { content: REPLY };
      const tools = (chat as { tools?: { function: { name: string; parameters: { properties: { productId?: { enum?: string[] } } } } }[] }).tools ?? [];
      const offered = tools.find((tool) => tool.function.name === 'add_item')?.function.parameters.properties.productId?.enum ?? [];
      expect(offered).toEqual([burgerId]);
      return { toolCalls: [{ name: 'add_item', arguments: { productId: burgerId, quantity: 2, optionIds: [] } }] };
    });
  });

  /** Records every state the page shows (data-state of its status line), in order. */
  async function recordStates(page: Page) {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { voiceStates: seen });
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="voice-state"]')?.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    return () => page.evaluate(() => (window as unknown as { voiceStates: string[] }).voiceStates);
  }

  async function acceptCookies(page: Page) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    if (await accept.isVisible()) await accept.click();
  }

  /** From the summary's Checkout, Dana Diner places the order; answers its code from the order page. */
  async function checkoutAsDana(page: Page) {
    await page.getByTestId('voice-summary').getByRole('button', { name: words.checkout }).click();
    await page.getByRole('heading', { level: 1, name: words.checkout }).waitFor();
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Diner');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByRole('button', { name: words.placeOrder }).click();
    await page.waitForURL(new RegExp(`/${handle}/orders/[^/?]+\\?token=`));
    return page.getByTestId('order-code').innerText();
  }

  /** The summary shows 2 × Cheeseburger at the catalog's 8.50; Checkout places a cash order. */
  async function checkoutPlacesTheOrder(page: Page) {
    const summary = page.getByTestId('voice-summary');
    await summary.getByTestId('voice-line').filter({ hasText: '2 × Cheeseburger' }).waitFor();
    await expect(summary.getByTestId('voice-line').innerText()).resolves.toMatch(/2 × Cheeseburger\s+\$17\.00/);
    await expect(summary.getByTestId('voice-subtotal').innerText()).resolves.toMatch(/Subtotal\s+\$17\.00/);
    const conversation = page.getByTestId('voice-conversation');
    await conversation.locator('li[data-role="assistant"]').filter({ hasText: REPLY }).waitFor();

    const orderCode = await checkoutAsDana(page);
    await expect(page.getByTestId('billing-summary').locator('[data-line="subtotal"]').innerText()).resolves.toMatch(/Subtotal\s+\$17\.00/);

    const orders = await call<ListAnswer<Order>>('GET', `/merchants/${merchantId}/orders`, undefined, account.token);
    expect(orders.status).toBe(200);
    expect(orders.body.data.find((o) => o.orderCode === orderCode)).toMatchObject({ status: 'PLACED', lineItems: [expect.objectContaining({ title: 'Cheeseburger', quantity: 2 })] });
  }

  it('given a diner who speaks through the microphone, then the page listens, processes, speaks, shows the summary with catalog prices, and Checkout places the order', async () => {
    const page = await app.visitor();
    const states = await recordStates(page);
    await page.goto(`${app.url}/${handle}/voice`);
    await acceptCookies(page);
    await page.locator('[data-testid="voice-state"][data-state="idle"]').waitFor();
    await page.getByRole('button', { name: words.start }).click();

    // The detector hears the recording, the turn goes through the gateway, the reply plays.
    await page.getByTestId('voice-summary').waitFor();
    await page.locator('[data-testid="voice-state"][data-state="listening"]').waitFor();
    const shown = await states();
    expect(shown.slice(0, 2)).toEqual(['loading', 'idle']);
    expect(shown.slice(2)).toEqual(expect.arrayContaining(['listening', 'processing', 'speaking']));
    expect(shown.indexOf('processing')).toBeGreaterThan(shown.indexOf('listening'));
    expect(shown.indexOf('speaking')).toBeGreaterThan(shown.indexOf('processing'));
    // What was sent: the recording (a WAV) transcribed by the fake; the model heard its words.
    const transcription = fake.requests.find((r) => r.path === '/v1/audio/transcriptions');
    const sent = (transcription?.raw as Buffer | undefined)?.toString('latin1') ?? '';
    expect(sent).toContain('filename="input.wav"');
    expect(sent).toMatch(/RIFF[\s\S]{4}WAVEfmt /);
    expect(JSON.stringify(fake.chatRequests()[0]?.messages)).toContain('Two cheeseburgers, please.');
    await expect(page.getByTestId('voice-conversation').locator('li[data-role="user"]').innerText()).resolves.toContain('Two cheeseburgers, please.');

    await page.getByRole('button', { name: words.stop }).click();
    await checkoutPlacesTheOrder(page);
  });

  it('given a diner whose microphone is refused, then the refusal is only logged and the typed order gives the same flow', async () => {
    const page = await app.visitor();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const states = await recordStates(page);
    await page.goto(`${app.url}/${handle}/voice`);
    await acceptCookies(page);
    await page.locator('[data-testid="voice-state"][data-state="idle"]').waitFor();
    const refusalLogged = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('Microphone access failed'));
    await page.getByRole('button', { name: words.start }).click();
    await refusalLogged;
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel(words.typeLabel).fill('Two cheeseburgers, please.');
    await page.getByRole('button', { name: words.send }).click();
    await page.getByTestId('voice-summary').waitFor();
    await page.locator('[data-testid="voice-state"][data-state="idle"]').waitFor();
    expect(await states()).toEqual(['loading', 'idle', 'processing', 'speaking', 'idle']);
    expect(fake.requests.some((r) => r.path === '/v1/audio/transcriptions')).toBe(false);
    await checkoutPlacesTheOrder(page);
  });

  it('given the detector cannot load its model, then the page says so and the text box still works; an answer without its headers is dropped silently', async () => {
    const page = await app.visitor();
    await recordStates(page);
    await page.route('**/remotes/storefront/vad/*.onnx', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.route('**/api/ai/order/vertex', (route) => route.fulfill({ status: 200, body: 'audio', headers: { reply: 'Hi' } }));
    await page.goto(`${app.url}/${handle}/voice`);
    await acceptCookies(page);
    await page.getByText(words.detectorFailed).waitFor();
    // No Start talking button without the detector: the prompt asks for the typed order (it said 'Tap Start talking…').
    await page.locator('[data-testid="voice-state"][data-state="idle"]').filter({ hasText: words.typePrompt }).waitFor();
    await expect(page.getByRole('button', { name: words.start }).count()).resolves.toBe(0);
    await page.getByLabel(words.typeLabel).fill('One cheeseburger');
    await page.getByRole('button', { name: words.send }).click();
    await page.waitForFunction(() => {
      const shown = (window as unknown as { voiceStates: string[] }).voiceStates;
      return shown.includes('processing') && shown[shown.length - 1] === 'idle';
    });
    await expect(page.getByTestId('voice-conversation').locator('li').count()).resolves.toBe(0);
    await expect(page.getByTestId('voice-summary').count()).resolves.toBe(0);
  });

  it('given a diner on the sandbox site (?testMode=true), when they type an order, then the assistant offers the sandbox catalog and Checkout places a sandbox order', async () => {
    // Given: a sandbox product on a sandbox menu (the production Cheeseburger is not on the sandbox site).
    const muffin = await call<{ id: string }>('POST', `/merchants/${merchantId}/products`, { title: 'Test Muffin', price: 4.5, testMode: true }, account.token);
    expect(muffin.status).toBe(201);
    expect((await call('POST', `/merchants/${merchantId}/menus`, { title: 'Test menu', availability: { allDayMenu: true }, products: [muffin.body.id], testMode: true }, account.token)).status).toBe(201);
    let offered: string[] = [];
    fake.replier((chat) => {
      if (chat.messages.some((message) => message.role === 'tool')) return { content: 'One muffin. Anything else?' };
      const tools = (chat as { tools?: { function: { name: string; parameters: { properties: { productId?: { enum?: string[] } } } } }[] }).tools ?? [];
      offered = tools.find((tool) => tool.function.name === 'add_item')?.function.parameters.properties.productId?.enum ?? [];
      return { toolCalls: [{ name: 'add_item', arguments: { productId: offered[0] ?? 'none', quantity: 1, optionIds: [] } }] };
    });

    // When: the diner types the order on the sandbox site's voice page.
    const page = await app.visitor();
    await page.goto(`${app.url}/${handle}/voice?testMode=true`);
    await acceptCookies(page);
    await page.locator('[data-testid="voice-state"][data-state="idle"]').waitFor();
    await page.getByLabel(words.typeLabel).fill('One muffin, please.');
    await page.getByRole('button', { name: words.send }).click();

    // Then: the model was offered the sandbox's muffin (it was offered the production menu), priced at 4.50.
    const summary = page.getByTestId('voice-summary');
    await summary.getByTestId('voice-line').filter({ hasText: '1 × Test Muffin' }).waitFor();
    expect(offered).toEqual([muffin.body.id]);
    await expect(summary.getByTestId('voice-subtotal').innerText()).resolves.toMatch(/Subtotal\s+\$4\.50/);

    // And: Checkout places it as a sandbox order.
    const orderCode = await checkoutAsDana(page);
    const orders = await call<ListAnswer<Order>>('GET', `/merchants/${merchantId}/orders?testMode=true`, undefined, account.token);
    expect(orders.body.data.find((o) => o.orderCode === orderCode)).toMatchObject({ lineItems: [expect.objectContaining({ title: 'Test Muffin', quantity: 1 })] });
  });

  it('given the platform has no model configured, then the page says voice ordering is not configured and loads no detector', async () => {
    const page = await app.visitor();
    // The token route's answer on a platform without OPENAI_API_KEY (services/ai-voice specs check the route itself).
    await page.route('**/v1/merchants/*/voice/token', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ code: 'ai_not_configured', message: words.notConfigured }) }),
    );
    const detectorFiles: string[] = [];
    page.on('request', (request) => request.url().includes('/remotes/storefront/vad/') && detectorFiles.push(request.url()));
    await page.goto(`${app.url}/${handle}/voice`);
    await page.getByTestId('voice-not-configured').getByText(words.notConfigured).waitFor();
    // Not a dead end: the menu is a tap away.
    await expect(page.getByRole('link', { name: 'Back to menu' }).getAttribute('href')).resolves.toBe(`/${handle}`);
    // Nothing to talk to: the detector's runtime and model (about 16 MB) are not downloaded.
    await page.waitForLoadState('networkidle');
    expect(detectorFiles).toEqual([]);
  });

  it('given the token route answers another 503 (a store restarting), then the page does not claim voice ordering is not configured', async () => {
    const page = await app.visitor();
    const answered = new Promise<void>((resolve) =>
      void page.route('**/v1/merchants/*/voice/token', async (route) => {
        await route.fulfill({ status: 503, contentType: 'application/problem+json', headers: { 'retry-after': '2' }, body: JSON.stringify({ code: 'unavailable', message: 'The service is temporarily unavailable, please try again shortly' }) });
        resolve();
      }),
    );
    await page.goto(`${app.url}/${handle}/voice`);
    await answered;
    // The page settles (the typed order's input is enabled once loading ends) without the not-configured notice.
    await page.locator('input[placeholder="Type your order"]:not([disabled])').waitFor();
    await expect(page.getByTestId('voice-not-configured').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Back to menu' }).click();
    await page.waitForURL(`${app.url}/${handle}`);
  });
});
