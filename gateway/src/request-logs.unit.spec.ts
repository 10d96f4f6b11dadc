import express from 'express';
import request from 'supertest';
import { unpackRequestLogs, type RequestLogBatch, type RequestLogEntry, type TokenVerifier } from '@seatside/chassis';
import { createRequestLogRecorder } from './request-logs';
import { testGateway } from './testing';

const KEY = 'sk_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

/** `sk_…` is merchant m1's sandbox key; `user` is a signed-in person. */
const verifier: TokenVerifier = {
  accepts: () => true,
  async verify(token) {
    if (token === KEY) return { uid: 'apikey:k1', claims: {}, tenant: { collection: 'merchants', id: 'm1', testMode: true } };
    return { uid: 'u1', claims: {} };
  },
};

/** An echo service: the body back, the caller's key in the answer (as creating a key would), and a long list on GET. */
const echo = express.Router();
echo.post('/v1/echo', (req, res) => res.status(201).json({ got: req.body, apiKey: KEY, card: { number: '4242 4242 4242 4242', last4: '4242' } }));
echo.get('/v1/echo', (_req, res) => res.json({ data: Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, title: `Product ${i}` })) }));
let count = 0;
echo.get('/v1/echo/count', (req, res) => res.json({ count: req.query.same ? 0 : (count += 1) }));
echo.delete('/v1/echo', (_req, res) => res.status(404).json({ message: 'Not found' }));

function world(options: { maxBuffered?: number } = {}) {
  const published: RequestLogBatch[] = [];
  let n = 0;
  const recorder = createRequestLogRecorder({
    publish: async (batch) => void published.push(batch),
    now: () => new Date('2026-11-28T08:00:00.000Z'),
    newId: () => `log-${(n += 1)}`,
    flushMs: 5,
    ...options,
  });
  const app = testGateway(echo, { verifiers: [verifier], requestLogs: recorder.middleware });
  const entries = () => published.flatMap((batch) => unpackRequestLogs(batch) as RequestLogEntry[]);
  return { app, recorder, entries, published };
}

describe('request logs at the edge', () => {
  it('given a POST with an API key, when it is answered, then one log holds method, URL, status, mode and both bodies, with the key and card data redacted', async () => {
    const { app, recorder, entries } = world();
    const res = await request(app).post('/v1/echo?limit=1').set('authorization', `Bearer ${KEY}`).send({ title: 'Fries', password: 'hunter2', note: `my key is ${KEY}` });
    expect(res.status).toBe(201);
    await recorder.flush();
    expect(entries()).toEqual([
      {
        id: 'log-1.0', tenant: { collection: 'merchants', id: 'm1' }, apiKeyId: 'k1', createdAt: '2026-11-28T08:00:00.000Z', requestMethod: 'POST', requestURL: '/v1/echo?limit=1',
        statusCode: 201, cacheHit: false, testMode: true,
        requestBody: '{"title":"Fries","password":"[redacted]","note":"my key is [redacted]"}',
        responseBody: '{"got":{"title":"Fries","password":"hunter2","note":"my key is [redacted]"},"apiKey":"[redacted]","card":{"number":"[redacted]","last4":"4242"}}'.replace('"password":"hunter2"', '"password":"[redacted]"'),
      },
    ]);
    expect(JSON.stringify(entries())).not.toContain(KEY);
    expect(JSON.stringify(entries())).not.toContain('hunter2');
  });

  it('given a compressed answer over 1 KB, then the log holds the plain JSON', async () => {
    const { app, recorder, entries } = world();
    const res = await request(app).get('/v1/echo').set('authorization', `Bearer ${KEY}`).set('accept-encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    await recorder.flush();
    expect(JSON.parse(entries()[0]!.responseBody).data).toHaveLength(100);
    expect(entries()[0]!.requestBody).toBe('');
  });

  it('given a signed-in person or an anonymous caller, then nothing is recorded', async () => {
    const { app, recorder, entries } = world();
    await request(app).get('/v1/echo').set('authorization', 'Bearer user');
    await request(app).get('/v1/echo');
    await recorder.flush();
    expect(entries()).toEqual([]);
  });

  it('given a refused request with a key, then its status is recorded', async () => {
    const { app, recorder, entries } = world();
    await request(app).delete('/v1/echo').set('authorization', `Bearer ${KEY}`);
    await recorder.flush();
    expect(entries().map((e) => [e.requestMethod, e.statusCode, e.responseBody])).toEqual([['DELETE', 404, '{"message":"Not found"}']]);
  });

  it('given a full buffer, then further requests are answered as usual and their logs dropped and counted', async () => {
    const { app, recorder, entries } = world({ maxBuffered: 2 });
    for (let i = 0; i < 4; i++) expect((await request(app).delete('/v1/echo').set('authorization', `Bearer ${KEY}`)).status).toBe(404);
    // The flush timer may have emptied the buffer between requests; what was not kept was counted.
    await recorder.close();
    expect(entries().length + recorder.dropped).toBe(4);
  });

  it('given logs waiting, when the recorder closes (shutdown), then they are published', async () => {
    const published: RequestLogBatch[] = [];
    const recorder = createRequestLogRecorder({ publish: async (batch) => void published.push(batch), flushMs: 60_000 });
    const app = testGateway(echo, { verifiers: [verifier], requestLogs: recorder.middleware });
    await request(app).delete('/v1/echo').set('authorization', `Bearer ${KEY}`);
    expect(recorder.buffered).toBe(1);
    await recorder.close();
    expect(published.flatMap((batch) => batch.series.flatMap((series) => series.logs))).toHaveLength(1);
  });

  it('given a publish that throws, then that batch is lost and the next ones are still published', async () => {
    const published: RequestLogBatch[] = [];
    let calls = 0;
    const recorder = createRequestLogRecorder({
      publish: (batch) => {
        calls += 1;
        if (calls === 1) throw new Error('channel down');
        published.push(batch);
        return Promise.resolve();
      },
      flushMs: 60_000,
    });
    const app = testGateway(echo, { verifiers: [verifier], requestLogs: recorder.middleware });
    await request(app).delete('/v1/echo').set('authorization', `Bearer ${KEY}`);
    await recorder.flush();
    await request(app).get('/v1/echo/count?same=1').set('authorization', `Bearer ${KEY}`);
    await recorder.flush();
    expect([calls, published.flatMap((batch) => batch.series.map((series) => series.requestMethod))]).toEqual([2, ['GET']]);
  });

  it('given a client polling the same list, when the batch is published, then the answer and the URL cross once and every entry names it', async () => {
    const { app, recorder, entries, published } = world();
    for (let i = 0; i < 20; i++) expect((await request(app).get('/v1/echo').set('authorization', `Bearer ${KEY}`)).status).toBe(200);
    await recorder.flush();
    expect(published.flatMap((batch) => batch.bodies).filter((body) => body.startsWith('{"data"'))).toHaveLength(published.length);
    expect(published.flatMap((batch) => batch.series).map((series) => series.requestURL)).toEqual(published.map(() => '/v1/echo'));
    expect(entries()).toHaveLength(20);
    expect(new Set(entries().map((entry) => entry.responseBody))).toEqual(new Set([JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, title: `Product ${i}` })) })]));
  });

  it('given a polled URL whose answer changes, then every log holds the answer it got, in and across batches', async () => {
    const { app, recorder, entries } = world();
    const poll = async (query = '') => expect((await request(app).get(`/v1/echo/count${query}`).set('authorization', `Bearer ${KEY}`)).status).toBe(200);
    await poll();
    await poll('?same=1');
    await poll('?same=1');
    await poll();
    await recorder.flush();
    await poll();
    await poll('?same=1');
    await recorder.flush();
    const counts = entries().map((entry) => JSON.parse(entry.responseBody).count);
    const first = counts[0];
    expect(counts).toEqual([first, 0, 0, first + 1, first + 2, 0]);
    expect(new Set(entries().map((entry) => entry.id)).size).toBe(6);
  });
});
