import fs from 'node:fs';
import path from 'node:path';
import { createTestIssuer } from '@seatside/chassis/src/auth/testing';
import { builtStart, embeddedEnv, freePort, launch, runToExit, serveJwks, tempDir, type RunningProcess } from './platform';

/**
 * `npm start` as a person runs it on a fresh machine: embedded PostgreSQL in DATA_DIR, everything
 * in one process on PORT. (tools/start.mjs is exactly what `npm start` runs: the build, then the
 * built platform. The first start, the restart after Ctrl-C and the first demo start run all of it;
 * the other starts run the built platform alone, as start.mjs does after its build.)
 */
describe('npm start on embedded defaults', () => {
  const dataDir = tempDir('seatside-e2e-data-');
  let port: number;
  let jwks: Awaited<ReturnType<typeof serveJwks>>;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let platform: RunningProcess;
  let env: NodeJS.ProcessEnv;
  const submission = { fullname: 'Ada Lovelace', email: 'ada@example.com', phone: '555-0100', message: 'Seat 2C wants nachos' };

  beforeAll(async () => {
    port = await freePort();
    issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
    jwks = await serveJwks(issuer.jwks);
    env = embeddedEnv({ PORT: String(port), DATA_DIR: dataDir, JWKS_URL: jwks.url });
    platform = await launch(['tools/start.mjs'], env);
  });

  afterAll(async () => {
    await platform?.stop('SIGINT');
    await jwks?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const adminToken = () => issuer.sign({ uid: 'staff-1', email: 'staff@seatside.dev', claims: { admin: true } });

  it('given PORT, when started, then it prints the URL on that port', () => {
    expect(platform.url).toBe(`http://127.0.0.1:${port}`);
  });

  it('then /healthz answers 200 and /readyz 200 naming postgres', async () => {
    const health = await fetch(`${platform.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${platform.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { postgres: 'up' } });
  });

  it('then /metrics answers Prometheus text with the HTTP histogram and process metrics', async () => {
    await fetch(`${platform.url}/v1/faqs`);
    const res = await fetch(`${platform.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v1\/faqs",status="200"\}/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('eventstore_events_appended_total');
  });

  it('then /graphql answers { __typename }', async () => {
    const res = await fetch(`${platform.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('then the data folder holds the embedded PostgreSQL', () => {
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  });

  it('then the platform reaches that PostgreSQL through its Unix socket in the data folder', () => {
    const pgDir = path.join(dataDir, 'postgres');
    const url = new URL(fs.readFileSync(path.join(dataDir, 'postgres.url'), 'utf8'));
    expect(decodeURIComponent(url.hostname)).toBe(pgDir);
    expect(fs.statSync(path.join(pgDir, `.s.PGSQL.${url.port}`)).isSocket()).toBe(true);
  });

  it('when the contact form is sent, then it answers { message } and support staff can read it', async () => {
    const res = await fetch(`${platform.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    const list = await fetch(`${platform.url}/v1/contact-submissions`, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([expect.objectContaining(submission)]);
  });

  it('when a second start uses the same DATA_DIR, then it refuses with a clear message', async () => {
    const other = await freePort();
    const second = await runToExit(...builtStart({ ...env, PORT: String(other) }));
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`is in use by another Seatside process (pid ${platform.child.pid})`);
  });

  it('when another start wants the same PORT, then it says the port is taken', async () => {
    const otherData = tempDir('seatside-e2e-port-');
    const clash = await runToExit(...builtStart({ ...env, DATA_DIR: otherData }));
    fs.rmSync(otherData, { recursive: true, force: true });
    expect(clash.code).not.toBe(0);
    expect(clash.output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  });

  it('when stopped with Ctrl-C, then it exits 0; and a restart on the same DATA_DIR keeps the data', async () => {
    expect(await platform.stop('SIGINT')).toBe(0);
    platform = await launch(['tools/start.mjs'], env);
    const list = await fetch(`${platform.url}/v1/contact-submissions`, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([expect.objectContaining(submission)]);
  });

  it('given the process was killed outright (SIGKILL), when started again, then it takes over its orphaned PostgreSQL and keeps the data', async () => {
    await platform.stop('SIGKILL');
    platform = await launch(...builtStart(env));
    const list = await fetch(`${platform.url}/v1/contact-submissions`, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([expect.objectContaining(submission)]);
  });

  it('given DEMO_DATA=true, when started twice, then the two sample merchants exist once each with their products, menus and hours, owned by the demo account', async () => {
    await platform.stop('SIGINT');
    const demoEnv = { ...env, DEMO_DATA: 'true' };
    platform = await launch(['tools/start.mjs'], demoEnv);
    expect(platform.output()).toContain('Sample merchants are ready: sign in as demo@seatside.test / seatside-demo');
    await platform.stop('SIGINT');
    platform = await launch(...builtStart(demoEnv));

    const signIn = await fetch(`${platform.url}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@seatside.test', password: 'seatside-demo' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const names = await fetch(`${platform.url}/v1/demo/merchants`);
    expect(((await names.json()) as { data: Array<{ name: string }> }).data.map((m) => m.name)).toEqual(['Stadium Grill', 'Corner Café']);
    for (const [handle, products, menus] of [['stadium-grill', 6, 2], ['corner-cafe', 5, 2]] as const) {
      const { id } = (await (await fetch(`${platform.url}/v1/handles/${handle}`)).json()) as { id: string };
      const auth = { authorization: `Bearer ${token}` };
      expect(((await (await fetch(`${platform.url}/v1/merchants/${id}/products`, { headers: auth })).json()) as { total: number }).total).toBe(products);
      expect(((await (await fetch(`${platform.url}/v1/merchants/${id}/menus`, { headers: auth })).json()) as { total: number }).total).toBe(menus);
      // The café opens with its menus, seven days a week; the grill, without hours, is open all day.
      const { hours } = (await (await fetch(`${platform.url}/v1/merchants/${id}`, { headers: auth })).json()) as { hours: Array<{ isOpen: boolean; open: { time: string } | null; close: { time: string } | null }> };
      if (handle === 'corner-cafe') expect(hours.map((day) => [day.isOpen, day.open?.time, day.close?.time])).toEqual(Array(7).fill([true, '0700', '1500']));
      else expect(hours).toEqual([]);
    }
  });
});
