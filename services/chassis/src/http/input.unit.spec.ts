import { Router, type Express } from 'express';
import request from 'supertest';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { createHttpApp, finishHttpApp, jsonBodies } from './app';
import { inputLimits, isCleanText } from './input';

/** A route that would hand anything it got to PostgreSQL: the guard must stop bad input before it. */
const things = () => {
  const router = Router();
  router.get('/v1/things/:id', (req, res) => void res.json({ id: req.params.id, q: req.query.q ?? null }));
  router.post('/v1/things', (req, res) => void res.status(201).json(req.body));
  return router;
};

const common = () => ({ logger: createLogger({ service: 't', level: 'silent' }), metrics: createMetrics({ defaultMetrics: false }), readiness: {} });

/** A service in its own process: createHttpApp parses bodies itself. */
const distributed = () => finishHttpApp(createHttpApp(common()).use(things()));
/** The embedded gateway: bodies unparsed at the edge, each service router behind jsonBodies('1mb'). */
const embedded = () => finishHttpApp(createHttpApp({ ...common(), parseJson: false }).use(Router().use(jsonBodies('1mb'), things())));

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

describe.each([
  ['a service in its own process (createHttpApp)', distributed],
  ['the embedded gateway (jsonBodies per service router)', embedded],
])('the chassis input check, in %s', (_, appOf) => {
  let app: Express;
  beforeAll(() => {
    app = appOf();
  });
  const post = (body: string) => request(app).post('/v1/things').set('content-type', 'application/json').send(body);
  const expectProblem = (res: request.Response, status: number, message?: string) => {
    expect(res.status).toBe(status);
    expect(res.type).toBe('application/problem+json');
    if (message) expect(res.body.message).toBe(message);
  };

  it('given sound input, then the route answers it', async () => {
    expect((await post(JSON.stringify({ name: 'Café ☕ 🍰', notes: 'two\nlines\ttabbed' }))).status).toBe(201);
    expect((await request(app).get('/v1/things/abc-123?q=caf%C3%A9')).body).toEqual({ id: 'abc-123', q: 'café' });
  });

  it.each([
    ...['%00', 'a%00b', '%01', '%1F', '%7F', '%0A', '%C2%80', '%ED%A0%80', '%E0%A4%A'].map((id) => [id, id]),
    ['257 characters', 'x'.repeat(inputLimits.maxPathSegment + 1)],
  ])(
    'given the path id %s, then 404 problem+json',
    async (_, id) => {
      expectProblem(await request(app).get(`/v1/things/${id}`), 404);
      expectProblem(await request(app).post(`/v1/things/${id}`).send({}), 404);
    },
  );

  it('given NUL, a control character or a lone surrogate anywhere in a JSON body (values or keys), then 400 naming the field', async () => {
    for (const body of ['{"name":"a\\u0000b"}', '{"name":"\\u0007"}', '{"name":"\\ud800"}', '{"name":"x\\udc00y"}', '{"items":[{"name":"\\u0000"}]}', '{"a\\u0000":1}']) {
      const res = await post(body);
      expectProblem(res, 400, 'The request contains characters that are not allowed');
      expect(Object.keys(res.body.errors)).toHaveLength(1);
    }
    expect((await post('{"items":[{"name":"\\ud800"}]}')).body.errors).toEqual({ 'items.0.name': 'The request contains characters that are not allowed' });
  });

  it('given NUL or a control character in the query, then 400', async () => {
    for (const query of ['q=%00', 'q=a%01b', 'q[x]=%00', 'q=%00&q=b']) expectProblem(await request(app).get(`/v1/things/abc?${query}`), 400);
  });

  it('given a body string over the default maximum, then 400 "<Field> must be at most 10000 characters"; exactly the maximum is fine', async () => {
    expectProblem(await post(JSON.stringify({ name: 'x'.repeat(10_001) })), 400, 'Name must be at most 10000 characters');
    expect((await post(JSON.stringify({ name: 'x'.repeat(10_000) }))).status).toBe(201);
    expectProblem(await request(app).get(`/v1/things/abc?q=${'x'.repeat(10_001)}`), 400, 'Q must be at most 10000 characters');
  });

  it('given JSON 100 levels deep, then 400; 32 levels is fine', async () => {
    expectProblem(await post(JSON.stringify(nested(100))), 400, 'The request body is nested too deeply (at most 32 levels)');
    expectProblem(await post('['.repeat(100_000) + ']'.repeat(100_000)), 400);
    expect((await post(JSON.stringify(nested(31)))).status).toBe(201);
  });

  it('given malformed JSON, then 400 problem+json; a body over 1 MB, then 413 problem+json', async () => {
    expectProblem(await post('{"name":'), 400, 'The request body is not valid JSON');
    expectProblem(await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) })), 413, 'The request body is too large');
  });
});

describe('isCleanText', () => {
  it('given emoji, accents, tabs and line breaks, then clean; NUL, other C0/C1 controls, DEL or a lone surrogate, then not', () => {
    for (const text of ['', 'Crème brûlée', '🍰 x', 'a\tb\nc\r\n']) expect([text, isCleanText(text)]).toEqual([text, true]);
    for (const text of ['\u0000', 'a\u0008', '\u001b[31m', '\u007f', '\u0085', '\ud83c', '\udf70x']) expect([text, isCleanText(text)]).toEqual([text, false]);
    expect(isCleanText('a\nb', false)).toBe(false);
  });
});
