import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from 'playwright-core';
import { listMessages } from '@seatside/ui/src/lists/messages';
import type { webAppUnderTest } from './browser';

/** What `webAppUnderTest` returns: the platform's URL and a way to open pages. */
export type AppUnderTest = ReturnType<typeof webAppUnderTest>;

export interface Answer<T> {
  status: number;
  body: T;
}

export interface ListAnswer<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

/** A signed-up account with a merchant it administers. */
export interface MerchantAdmin extends Account {
  merchantId: string;
}

/** A JSON call to the platform's /v1 API, with an optional bearer token. */
export function apiOf(app: AppUnderTest) {
  return async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${app.url}/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

let accounts = 0;

/** A signed-up account. */
export interface Account {
  uid: string;
  token: string;
  email: string;
  password: string;
}

/** A fresh account through POST /v1/auth/sign-up. */
export async function signUp(app: AppUnderTest, prefix: string, names = { firstName: 'Grace', lastName: 'Hopper' }): Promise<Account> {
  const email = `${prefix}-${process.pid}-${Date.now()}-${++accounts}@example.com`;
  const password = 'seatside-secret-1';
  const answer = await apiOf(app)<{ id: string; token: string }>('POST', '/auth/sign-up', { email, password, ...names });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return { uid: answer.body.id, token: answer.body.token, email, password };
}

/** A fresh account with a merchant of its own (POST /v1/merchants/create). */
export async function merchantAdmin(app: AppUnderTest, prefix: string, name = 'Section 114 Nachos'): Promise<MerchantAdmin> {
  const account = await signUp(app, prefix);
  const handle = `${prefix}-${process.pid}-${accounts}-${Date.now().toString(36)}`;
  const merchant = await apiOf(app)<{ id: string }>('POST', '/merchants/create', { name, handle, googlePlaceId: '', timeZone: 'America/New_York' }, account.token);
  if (merchant.status !== 201) throw new Error(`merchant creation answered ${merchant.status}`);
  return { ...account, merchantId: merchant.body.id };
}

export interface SignInOptions {
  mobile?: boolean;
  /** Where the login page goes afterwards (default /account). */
  redirect?: string;
  /** Answer the cookie notice (seed 002), which sits over the bottom of every page until answered. Default true. */
  acceptCookies?: boolean;
}

/** A browser page with the account's session, established by logging in through /auth/login. */
export async function signedIn(app: AppUnderTest, account: { email: string; password: string }, options: SignInOptions = {}): Promise<Page> {
  const page = await app.visitor({ reducedMotion: true, mobile: options.mobile });
  await page.goto(`${app.url}/auth/login?redirect=${options.redirect ?? '/account'}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The session is in the store once POST /v1/auth/login has set the cookie and /auth/me answered.
  await page.waitForFunction(`JSON.parse(localStorage.getItem('seatside.session') ?? '{}')?.state?.signedIn === true`);
  if (options.acceptCookies ?? true) {
    const accept = page.getByRole('button', { name: 'Accept All' });
    await accept.waitFor({ timeout: 10_000 }).then(() => accept.click(), () => undefined);
  }
  return page;
}

/** /dashboard/merchants/{merchantId}/{rest} on the platform under test. */
export const merchantPage = (app: AppUnderTest, admin: MerchantAdmin, rest: string) => `${app.url}/dashboard/merchants/${admin.merchantId}/${rest}`;

/** Opens a list screen and waits until it has loaded. */
export async function openList(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('section[aria-busy="false"]').first().waitFor();
}

/** Sandbox or production as seed 001 §4 has it: the mode toggle when the frame shows one, else the stored mode. */
export async function switchMode(page: Page, account: { uid: string }, testMode: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Sandbox mode' });
  if ((await toggle.count()) > 0) {
    if ((await toggle.getAttribute('aria-checked')) !== String(testMode)) await toggle.click();
    return;
  }
  await page.evaluate(
    ([uid, mode]) => {
      localStorage.setItem('seatside.testMode', mode);
      localStorage.setItem(`seatside.testMode.${uid}`, mode);
    },
    [account.uid, String(testMode)] as const,
  );
  await page.reload();
}

/** A 1×1 PNG, base64: an image a person uploads (seed 002 §5: png and jpeg). */
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The text of what a field's `aria-describedby` names: the message a screen reader reads with it
 * (empty when it names nothing, or only ids missing from the page).
 */
export async function describedText(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/**
 * Waits until `message` shows under the field (in its antd form item) and answers what the field's
 * aria-describedby reads, which must hold that message too (with the field's hint, if it has one).
 */
export async function fieldSays(page: Page, field: Locator, message: string): Promise<string> {
  await page.locator('.ant-form-item').filter({ has: field }).getByText(message, { exact: true }).waitFor();
  return describedText(field);
}

/** The last path segment of a URL (a new record's id after the page moved to it). */
export const lastSegment = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');

/** The rows of a list screen. */
export const listRows = (page: Page) => page.getByTestId('list-row');

/** Waits until the list shows exactly `count` rows (0: the empty text). */
export async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    ([n, empty]) =>
      document.querySelector('section[aria-busy="false"]') !== null &&
      (n === 0 ? document.body.innerText.includes(empty) : document.querySelectorAll('[data-testid="list-row"]').length === n),
    [count, listMessages.empty] as const,
  );
}

/** What the page's requests did, watched from alertShows's first call on the page: the last refused or failed, and those unanswered. */
interface Requests {
  failed: string[];
  pending: Set<Request>;
}
const watchedPages = new WeakMap<Page, Requests>();

function watchRequests(page: Page): Requests {
  const watched = watchedPages.get(page);
  if (watched) return watched;
  const requests: Requests = { failed: [], pending: new Set() };
  const keepFailure = (line: string) => {
    requests.failed.push(line);
    if (requests.failed.length > 10) requests.failed.shift();
  };
  page.on('request', (request) => requests.pending.add(request));
  page.on('requestfinished', (request) => requests.pending.delete(request));
  page.on('response', (response) => {
    if (response.status() >= 400) keepFailure(`${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    requests.pending.delete(request);
    keepFailure(`${request.method()} ${request.url()} → ${request.failure()?.errorText ?? 'failed'}`);
  });
  watchedPages.set(page, requests);
  return requests;
}

/**
 * Waits for a text (an alert, a field message) to show. When it does not, the error says what the
 * page showed instead (its alerts and notifications, its address) and what its requests did.
 */
export async function alertShows(page: Page, text: string): Promise<void> {
  const requests = watchRequests(page);
  try {
    await page.getByText(text, { exact: true }).first().waitFor();
  } catch (error) {
    const shown = await page
      .locator('.ant-message-notice, .ant-notification-notice, [role="alert"]')
      .allInnerTexts()
      .catch(() => []);
    const pending = [...requests.pending].map((request) => `${request.method()} ${request.url()}`);
    throw new Error(`"${text}" did not show on ${page.url()}; shown: ${JSON.stringify(shown)}; failed requests: ${JSON.stringify(requests.failed)}; unanswered: ${JSON.stringify(pending)}`, { cause: error });
  }
}

export type Placed = { id: string; orderCode: string; statusToken: string };

/**
 * POST /v1/merchants/{id}/orders as a diner's page would (no account, an Idempotency-Key). The
 * orders service learns of a new product from the catalog's log, so this asks again (the same key:
 * a refused request claims nothing) until the product is there and the order is placed.
 */
export async function placeOrder(baseUrl: string, merchantId: string, productId: string, extra: { testMode?: boolean } = {}): Promise<Placed> {
  const key = randomUUID();
  for (;;) {
    const res = await fetch(`${baseUrl}/v1/merchants/${merchantId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        lineItems: [{ productId, quantity: 1, modifiers: [] }],
        fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
        paymentProcessor: 'CASH',
        customer: { firstName: 'Dana', lastName: 'Diner', email: 'dana@example.com', phone: '555-0100' },
        ...extra,
      }),
    });
    const body = await res.json();
    if (res.status === 201) return body as Placed;
    if (res.status !== 400 && res.status !== 404) throw new Error(`placing answered ${res.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
