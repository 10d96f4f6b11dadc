import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { Webhook } from 'standardwebhooks';
import { readWhen } from './browser';
import { embeddedEnv, freePort, launch, tempDir, type RunningProcess } from './platform';

/**
 * Secrets never reach the logs, even at LOG_LEVEL=trace: passwords, access tokens, the session
 * cookie, mailed one-time codes and API key secrets, through every identity flow that carries one;
 * and a webhook's `whsec_` secrets (created and rotated) and bearer token, through its creation,
 * rotation and deliveries, appear in no log line, no API answer but the one that shows them, not in
 * the merchant's request logs, and no row of any table (events, read models, delivery log, request
 * logs, published streams) in clear.
 */
describe('secrets in logs', () => {
  const dataDir = tempDir('seatside-e2e-secrets-');
  let platform: RunningProcess;
  const secrets: string[] = [];
  const keep = <T extends string>(secret: T): T => {
    secrets.push(secret);
    return secret;
  };
  /** The webhook's secrets and bearer token: absent from the logs and from every stored row too. */
  const webhookSecrets: string[] = [];
  const keepStored = <T extends string>(secret: T): T => {
    webhookSecrets.push(secret);
    return keep(secret);
  };
  // A receiver on this machine (`npm start` sets WEBHOOKS_ALLOW_PRIVATE=true).
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });

  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    platform = await launch(['tools/start.mjs'], embeddedEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'trace' }));
  });

  afterAll(async () => {
    await platform?.stop('SIGINT');
    await new Promise<void>((r) => receiver.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const delivered = (type: string) => received.find((d) => (JSON.parse(d.body) as { type: string }).type === type);

  async function call(path: string, init: { body?: unknown; token?: string; cookie?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.cookie = init.cookie;
    const res = await fetch(`${platform.url}${path}`, { method: init.body === undefined ? 'GET' : 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  }

  it('given every identity flow and a webhook created, rotated and delivering at trace level, then no secret appears in what the platform printed (nor, for the webhook, in its answers or stored rows)', async () => {
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

    // A webhook for product.created and tag.created: its secret shown once, rotated, its bearer token read
    // back, all with the (sandbox) API key, so every call and answer is in the merchant's request logs too.
    const hooks = `/v1/merchants/${merchant.json.id}/webhooks`;
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const webhook = await call(hooks, { token: apiKey, body: { title: 'Till', url: receiverUrl, events: ['product.created', 'tag.created'] } });
    expect(webhook.status).toBe(201);
    const firstSecret = keepStored(webhook.json.secret as string);
    expect(firstSecret).toMatch(/^whsec_/);
    const rotated = await call(`${hooks}/${webhook.json.id}/secret`, { token: apiKey, body: {} });
    expect(rotated.status).toBe(200);
    const secret = keepStored(rotated.json.secret as string);
    const bearerToken = keepStored((await call(`${hooks}/${webhook.json.id}`, { token: apiKey })).json.bearerToken as string);
    expect(bearerToken.length).toBeGreaterThan(20);

    // Deliveries run through the dispatcher (trace-level logs and all): a product, and a tag from the tags service's published stream.
    expect((await call(`/v1/merchants/${merchant.json.id}/products`, { token: apiKey, body: { title: 'Secret Nachos', price: 8.25 } })).status).toBe(201);
    expect((await call(`/v1/merchants/${merchant.json.id}/tags`, { token: apiKey, body: { name: 'Table 7', metadata: [{ key: 'Table', value: '7' }] } })).status).toBe(201);
    while (!delivered('product.created') || !delivered('tag.created')) await new Promise((r) => setTimeout(r, 100));
    for (const type of ['product.created', 'tag.created']) {
      const delivery = delivered(type)!;
      // Signed with the new secret (and the old one while the rotation's 24 h run), the bearer token as read.
      expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ type });
      expect(new Webhook(firstSecret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ type });
      expect(delivery.headers.authorization).toBe(`Bearer ${bearerToken}`);
    }
    expect((JSON.parse(delivered('tag.created')!.body) as { data: { tag: { name: string } } }).data.tag.name).toBe('Table 7');
    // The log entries are written once the answers are in.
    const logs = await readWhen(
      () => call(`${hooks}/${webhook.json.id}/logs`, { token: apiKey }),
      ({ json }) => Array.isArray(json?.data) && json.data.length === 2 && json.data.every((entry: { statusCode: number | null }) => entry.statusCode === 200),
    );
    expect(logs.json.data.map((entry: { event: string; statusCode: number }) => [entry.event, entry.statusCode]).sort()).toEqual([['product.created', 200], ['tag.created', 200]]);
    const answers = JSON.stringify([logs.json, (await call(hooks, { token: apiKey })).json]);
    for (const stored of webhookSecrets) expect(answers.includes(stored) ? `found in an API answer: ${stored}` : 'absent').toBe('absent');
    // The request logs (written off the request path, in batches) have the create, rotate and read calls, redacted.
    const requestLogs = await readWhen(
      () => call(`/v1/merchants/${merchant.json.id}/logs?testMode=true`, { token: last }),
      ({ json }) => Array.isArray(json?.data) && json.data.filter((entry: { requestURL: string }) => entry.requestURL.includes('/webhooks')).length >= 3,
    );
    const webhookCalls = (requestLogs.json.data as { requestURL: string; responseBody: string }[]).filter((entry) => entry.requestURL.includes('/webhooks'));
    expect(webhookCalls.length).toBeGreaterThanOrEqual(3);
    expect(webhookCalls.some((entry) => entry.responseBody.includes('[redacted]'))).toBe(true);
    const recorded = JSON.stringify(requestLogs.json);
    for (const stored of webhookSecrets) expect(recorded.includes(stored) ? `found in the request logs: ${stored}` : 'absent').toBe('absent');

    // Every row of every table (events, read models, the delivery log, published streams), through the
    // URL the running platform keeps in DATA_DIR/postgres.url for `npm run admin`.
    const pool = new Pool({ connectionString: fs.readFileSync(`${dataDir}/postgres.url`, 'utf8').trim(), max: 1 });
    try {
      const { rows: tables } = await pool.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.some((t) => t.name === 'deliveries')).toBe(true);
      const forms = webhookSecrets.flatMap((stored) => [stored, Buffer.from(stored, 'utf8').toString('hex')]);
      for (const table of tables) {
        const { rows } = await pool.query<{ row: string }>(`SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`);
        const text = rows.map((r) => r.row).join('\n');
        for (const form of forms) expect(text.includes(form) ? `found in ${table.schema}.${table.name}: ${form}` : 'absent').toBe('absent');
      }
    } finally {
      await pool.end();
    }

    await platform.stop('SIGINT');
    const output = platform.output();
    expect(output).toContain('/v1/auth/sign-in');
    for (const secret of secrets) expect(output.includes(secret) ? `found in the logs: ${secret}` : 'absent').toBe('absent');
  });
});
