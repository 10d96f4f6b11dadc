import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { freePort, launch, runToExit } from './platform';

/** A stand-in OpenTelemetry collector: records what OTLP/HTTP exporters post to /v1/traces. */
async function startCollector() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); }) };
}

type Scope = { scope: { name: string }; spans: Array<{ name: string }> };
const scopesOf = (bodies: string[]): Scope[] =>
  bodies.flatMap((b) => (JSON.parse(b) as { resourceSpans: Array<{ scopeSpans: Scope[] }> }).resourceSpans.flatMap((r) => r.scopeSpans));

describe('tracing', () => {
  const schema = `trace_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL });
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}_chat" CASCADE`);
    await pool.end();
  });

  it('given OTEL_EXPORTER_OTLP_ENDPOINT, when a request is served, then HTTP, express and PostgreSQL spans reach the collector', async () => {
    expect((await runToExit(['tools/build.mjs', 'chat'], process.env)).code).toBe(0);
    const collector = await startCollector();
    const service = await launch(
      ['services/chat/dist/main.cjs'],
      { ...process.env, PORT: String(await freePort()), DB_SCHEMA_PREFIX: `${schema}_`, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, LOG_LEVEL: 'info' },
      /listening on (http:\/\/[^\s"]+)/,
    );
    const res = await fetch(`${service.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullname: 'Ada', message: 'traced' }),
    });
    expect(res.status).toBe(201);
    expect(await service.stop('SIGTERM')).toBe(0); // shutdown flushes the exporter
    await collector.close();

    const scopes = scopesOf(collector.bodies);
    const names = new Set(scopes.map((s) => s.scope.name));
    expect([...names]).toEqual(expect.arrayContaining(['@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-pg']));
    const httpSpans = scopes.filter((s) => s.scope.name === '@opentelemetry/instrumentation-http').flatMap((s) => s.spans.map((x) => x.name));
    expect(httpSpans.some((n) => n.startsWith('POST'))).toBe(true);
  });

});
