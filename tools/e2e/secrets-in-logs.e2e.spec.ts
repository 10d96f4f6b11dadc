import fs from 'node:fs';
import { readWhen } from './browser';
import { embeddedEnv, freePort, launch, tempDir, type RunningProcess } from './platform';

/**
 * Secrets never reach the logs, even at LOG_LEVEL=trace: passwords, access tokens, the session
 * cookie, mailed one-time codes and API key secrets, through every identity flow that carries one.
 */
describe('secrets in logs', () => {
  const dataDir = tempDir('seatside-e2e-secrets-');
  let platform: RunningProcess;
  const secrets: string[] = [];
  const keep = <T extends string>(secret: T): T => {
    secrets.push(secret);
    return secret;
  };

  beforeAll(async () => {
    const port = await freePort();
    platform = await launch(['tools/start.mjs'], embeddedEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'trace' }));
  });

  afterAll(async () => {
    await platform?.stop('SIGINT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(path: string, init: { body?: unknown; token?: string; cookie?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.cookie = init.cookie;
    const res = await fetch(`${platform.url}${path}`, { method: init.body === undefined ? 'GET' : 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  }

  it('given every identity flow at trace level, then no secret appears in what the platform printed', async () => {
    const email = 'secretive@example.com';
    const firstPassword = keep('first-Pa55word!');
    const signUp = await call('/v1/auth/sign-up', { body: { email, password: firstPassword, firstName: 'Sam' } });
    expect(signUp.status).toBe(201);
    keep(signUp.json.token);

    const signIn = await call('/v1/auth/sign-in', { body: { email, password: firstPassword } });
    expect(signIn.status).toBe(200);
    const token = keep(signIn.json.token as string);
    await call('/v1/auth/sign-in', { body: { email, password: keep('wrong-Pa55word!') } });

    const login = await call('/v1/auth/login', { body: { token } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    keep(cookie.split('=')[1]!);

    const refresh = await call('/v1/auth/refresh', { body: {}, cookie });
    expect(refresh.status).toBe(200);
    const fresh = keep(refresh.json.token as string);
    expect((await call('/v1/auth/me', { token: fresh })).status).toBe(200);

    const secondPassword = keep('second-Pa55word!');
    const changed = await call('/v1/users/me/password', { token: fresh, body: { currentPassword: firstPassword, newPassword: secondPassword, confirmPassword: secondPassword } });
    expect(changed.status).toBe(200);

    expect((await call('/v1/users/forget-password', { body: { email } })).status).toBe(200);
    // The mail goes out after the answer (the same time for known and unknown addresses): poll for it.
    const resetLinkOf = (mails: unknown) =>
      (Array.isArray(mails) ? (mails as Array<{ links: string[] }>) : []).flatMap((mail) => mail.links).find((l) => l.includes('mode=resetPassword'));
    const mailbox = await readWhen(() => call('/v1/dev/mailbox.json'), ({ json }) => resetLinkOf(json) !== undefined);
    const link = new URL(resetLinkOf(mailbox.json)!);
    const oobCode = keep(link.searchParams.get('oobCode')!);
    // The person opens the mailed link in the web app, which then calls the API with the code.
    expect((await fetch(`${platform.url}${link.pathname}${link.search}`)).status).toBe(200);
    expect((await call('/v1/auth/reset/verify', { body: { oobCode } })).json).toEqual({ email });
    const thirdPassword = keep('third-Pa55word!');
    expect((await call('/v1/auth/reset/confirm', { body: { oobCode, password: thirdPassword } })).status).toBe(200);
    const again = await call('/v1/auth/sign-in', { body: { email, password: thirdPassword } });
    expect(again.status).toBe(200);
    const last = keep(again.json.token as string);

    const merchant = await call('/v1/merchants/create', { token: last, body: { name: 'Secret Diner', handle: 'secret-diner' } });
    expect(merchant.status).toBe(201);
    // The membership reaches the identity service through the catalog's events: retry until it has.
    let created = await call(`/v1/merchants/${merchant.json.id}/api-keys`, { token: last, body: { title: 'Till', testMode: true } });
    while (created.status === 403) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      created = await call(`/v1/merchants/${merchant.json.id}/api-keys`, { token: last, body: { title: 'Till', testMode: true } });
    }
    expect(created.status).toBe(201);
    const apiKey = keep(created.json.apiKey as string);
    expect((await call(`/v1/merchants/${merchant.json.id}/api-keys`, { token: apiKey })).status).toBe(200);

    await platform.stop('SIGINT');
    const output = platform.output();
    expect(output).toContain('/v1/auth/sign-in');
    for (const secret of secrets) expect(output.includes(secret) ? `found in the logs: ${secret}` : 'absent').toBe('absent');
  });
});
