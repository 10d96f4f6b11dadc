import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { builtStart, embeddedEnv, freePort, launch, tempDir, type RunningProcess } from './platform';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The system Chromium with the flags this machine needs (DESIGN §10). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * The platform as `npm start` runs it, without `npm start`'s build step: the run's global setup built
 * it once and left a template DATA_DIR (initialised PostgreSQL, migrations applied), copied here with
 * its owners (the embedded PostgreSQL runs as its own user). Without the setup (a spec run some other
 * way), `npm start` itself on the empty DATA_DIR.
 */
function builtPlatform(dataDir: string, env: Record<string, string>): Parameters<typeof launch> {
  const template = process.env.SEATSIDE_E2E_TEMPLATE;
  if (!template) return [['tools/start.mjs'], embeddedEnv(env)];
  const copied = spawnSync('cp', ['-a', `${template}/.`, dataDir]);
  if (copied.status !== 0) throw new Error(`copying the template DATA_DIR failed: ${copied.stderr.toString()}`);
  return builtStart(embeddedEnv(env));
}

/** The built platform on a fresh copy of the template DATA_DIR, on a free port. */
async function startPlatform(name: string, env: Record<string, string>): Promise<{ platform: RunningProcess; dataDir: string }> {
  const dataDir = tempDir(`seatside-e2e-${name}-`);
  return { platform: await launch(...builtPlatform(dataDir, { PORT: String(await freePort()), DATA_DIR: dataDir, ...env })), dataDir };
}

/** What the run's global setup shares with the suites (through the environment, which its workers inherit). */
const SHARED = { url: 'SEATSIDE_E2E_SHARED_URL', dataDir: 'SEATSIDE_E2E_SHARED_DATA_DIR', chromium: 'SEATSIDE_E2E_CHROMIUM' } as const;

/**
 * Once per run (global-setup.cjs): the platform the suites with default settings share, and the
 * Chromium every suite without browser flags of its own connects to. Every suite's clients come from
 * 127.0.0.1, one client to the rate limit, so the shared platform's per-client budget is that of the
 * suites together (no suite checks the limit). Resolves with what global-teardown.cjs stops.
 */
export async function startShared(): Promise<{ stop(): Promise<void> }> {
  const { platform, dataDir } = await startPlatform('shared', { RATE_LIMIT_PER_MINUTE: '100000' });
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  Object.assign(process.env, { [SHARED.url]: platform.url, [SHARED.dataDir]: dataDir, [SHARED.chromium]: server.wsEndpoint() });
  return {
    async stop() {
      await server.close();
      const code = await platform.stop('SIGINT');
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`the shared e2e platform exited with ${code}:\n${platform.output()}`);
    },
  };
}

/** Chromium's fake camera and microphone, granted without a prompt (video-call specs). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * The web app as `npm start` serves it (embedded defaults, a DATA_DIR from the template) and a
 * Chromium, for one describe block. Without `env`, the platform the run's global setup started and
 * shares among such suites: each suite's data is its own (its own accounts and merchants), never the
 * whole platform's. With `env` (settings read when the platform starts, or a fake the suite serves),
 * a platform of its own, started before its specs and stopped after. `visitor()` is a fresh browser
 * context (own storage), closed after the suite; `mobile` is a 375 px wide phone. The browser is the
 * run's shared Chromium unless `browserArgs` asks for flags of its own.
 */
export function webAppUnderTest(name: string, env?: () => Record<string, string>, options: { browserArgs?: string[] } = {}) {
  const shared = env === undefined && process.env[SHARED.url] ? { url: process.env[SHARED.url]!, dataDir: process.env[SHARED.dataDir]! } : undefined;
  let own: { platform: RunningProcess; dataDir: string } | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!shared) own = await startPlatform(name, env?.() ?? {});
    const sharedChromium = process.env[SHARED.chromium];
    browser = sharedChromium && !options.browserArgs ? await chromium.connect(sharedChromium) : await launchBrowser(options.browserArgs);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    // A connected browser only disconnects (the shared Chromium stays up).
    await browser?.close();
    await own?.platform.stop('SIGINT');
    if (own) fs.rmSync(own.dataDir, { recursive: true, force: true });
  });

  return {
    get url(): string {
      return shared?.url ?? own!.platform.url;
    },
    /** The platform's DATA_DIR (its `postgres.url` names the embedded PostgreSQL while it runs). */
    get dataDir(): string {
      return shared?.dataDir ?? own!.dataDir;
    },
    get browser(): Browser {
      return browser!;
    },
    async visitor(options: { mobile?: boolean; reducedMotion?: boolean } = {}): Promise<Page> {
      const context = await browser!.newContext({
        // The specs' own string predicates (waitForFunction) and axe's script tag run in the page,
        // which the gateway's Content-Security-Policy forbids (no eval, no inline scripts); the
        // policy itself is checked, enforced, by csp.e2e.spec.ts.
        bypassCSP: true,
        viewport: options.mobile ? { width: 375, height: 740 } : { width: 1280, height: 900 },
        reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** A download's bytes, read through Playwright (a connected browser, as the shared Chromium is, leaves no local path). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type AxeNode = { target: string[]; any?: { message?: string }[] };
type AxeResult = { violations: { id: string; impact: string | null; nodes: AxeNode[] }[]; incomplete: { id: string; impact: string | null; nodes: AxeNode[] }[] };

/** axe leaves text in its own background's colour "to review" (it may be hidden on purpose); on these pages it is unreadable. */
const unreadable = (node: AxeNode) => node.any?.some((check) => /has a 1:1 contrast ratio/.test(check.message ?? '')) === true;

/**
 * axe-core's serious and critical violations on the page (or inside `selector`), and text drawn in
 * its background's colour (axe's color-contrast "incomplete" at 1:1: a link styled as a button once
 * showed blue words on blue).
 */
export async function seriousViolations(page: Page, selector?: string) {
  // Judge the page at rest: no hover left by the last click, and nothing fading in or out.
  await page.mouse.move(0, 0);
  // Only finite animations end (a spinner runs forever); and a page that keeps starting new ones is
  // judged after a short while anyway.
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ])`);
  if (!(await page.evaluate(`typeof window.axe !== 'undefined'`))) {
    await page.addScriptTag({ content: fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  }
  const context = selector ? `document.querySelector(${JSON.stringify(selector)})` : 'document';
  const result = (await page.evaluate(`axe.run(${context})`)) as AxeResult;
  const invisible = result.incomplete.filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.filter(unreadable));
  return [
    ...result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })),
    ...(invisible.length > 0 ? [{ id: 'color-contrast', impact: 'serious', targets: invisible.map((n) => n.target.join(' ')) }] : []),
  ];
}

/**
 * How a full-screen view (a kitchen display, a runner's phone) sits in the window: its gaps to the
 * window's left, top and right edges in px (0 when edge to edge: the page's own margin would leave a
 * white frame) and whether its font is the dashboard's sans-serif stack (the browser's default is a serif).
 */
export async function screenFit(page: Page, selector: string): Promise<{ left: number; top: number; right: number; sansSerif: boolean }> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      left: Math.round(box.left),
      top: Math.round(box.top + window.scrollY),
      right: Math.round(document.documentElement.clientWidth - box.right),
      sansSerif: /system-ui|sans-serif/.test(getComputedStyle(el).fontFamily),
    };
  });
}

/**
 * What `read()` answers once `settled(value)` holds, polled as the page renders: a value read once
 * right after a click races the render (a CI run counted 0 'Required' messages that showed a moment
 * later). Gives up after `waitMs` and answers the last value, so the spec's own expectation reports
 * what was there.
 */
/**
 * A third party's script (Stripe.js, Square.js) answered by its fake for this page: the URLs the page
 * asked for, in order, so that a spec can show when the script loads.
 */
export async function fakeScript(page: Page, url: string, body: string): Promise<string[]> {
  const loads: string[] = [];
  await page.route(url, (route) => {
    loads.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body });
  });
  return loads;
}

export async function readWhen<T>(read: () => Promise<T>, settled: (value: T) => boolean, waitMs = 10_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many elements `locator` matches once `settled(count)` holds (see readWhen). */
export function countWhen(locator: Locator, settled: (count: number) => boolean): Promise<number> {
  return readWhen(() => locator.count(), settled);
}

/** How far the page reaches past the viewport's right edge (0: nothing is wider than the viewport), and the widest elements that do. */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = Math.max(0, document.documentElement.scrollWidth - width, document.body.scrollWidth - width);
    if (by === 0) return '';
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && getComputedStyle(el).position !== 'fixed' && el.getBoundingClientRect().right > width + 1)
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}(${Math.round(el.getBoundingClientRect().width)})`);
    return `${by}px ${wide.join(' ')}`;
  });

/**
 * Whether a page's inline scripts (those without `src`) are each allowed by `policy` by their
 * SHA-256 hash, and the policy does not allow inline scripts wholesale ('unsafe-inline').
 */
export function inlineScriptsAllowed(html: string, policy: string): boolean {
  const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
  if (scriptSrc.includes("'unsafe-inline'")) return false;
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc\s*=/i.test(attributes) && body.length > 0)
    .every(([, , body = '']) => scriptSrc.includes(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`));
}
