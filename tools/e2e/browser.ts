import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { embeddedEnv, freePort, launch, tempDir, type RunningProcess } from './platform';

/** The system Chromium with the flags this machine needs (DESIGN §10). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', ...extraArgs],
  });
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
  // What tools/start.mjs sets before it runs the same file.
  return [['gateway/dist/main.cjs'], embeddedEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true', ...env })];
}

/** Chromium's fake camera and microphone, granted without a prompt (video-call specs). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * The web app as `npm start` serves it (embedded defaults, a fresh DATA_DIR) and a Chromium, for one
 * describe block: started before its specs, stopped after. `visitor()` is a fresh browser context
 * (own storage); `mobile` is a 375 px wide phone. `env` adds settings, read when the platform starts.
 */
export function webAppUnderTest(name: string, env: () => Record<string, string> = () => ({}), options: { browserArgs?: string[] } = {}) {
  const dataDir = tempDir(`seatside-e2e-${name}-`);
  let platform: RunningProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    platform = await launch(...builtPlatform(dataDir, { PORT: String(await freePort()), DATA_DIR: dataDir, ...env() }));
    browser = await launchBrowser(options.browserArgs);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await platform?.stop('SIGINT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get url(): string {
      return platform!.url;
    },
    /** The platform's DATA_DIR (its `postgres.url` names the embedded PostgreSQL while it runs). */
    dataDir,
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

type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/** axe-core's serious and critical violations on the page (or inside `selector`). */
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
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
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
