import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createMetrics } from '../metrics';
import { loggableUrl, observeRequests, requestContext } from './context';

describe('loggableUrl', () => {
  it.each([
    ['/v1/contact', '/v1/contact'],
    ['/auth/action?mode=resetPassword&oobCode=abc123', '/auth/action?mode=resetPassword&oobCode=%5Bredacted%5D'],
    ['/v1/auth/google/callback?code=c0de&state=s7a7e', '/v1/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D'],
    ['/v1/faqs?scope=pricing&apiKey=sk_test_x', '/v1/faqs?scope=pricing&apiKey=%5Bredacted%5D'],
  ])('given %s, when logged, then it shows %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe('request logging', () => {
  const setup = (level: string) => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level, base: { service: 't' } }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const metrics = createMetrics({ defaultMetrics: false });
    const app = express();
    app.use(requestContext(logger), observeRequests(metrics));
    app.get('/quiet', (_req, res) => void res.json({ ok: true }));
    app.get('/chatty', (req, res) => {
      req.log.info({ step: 1 }, 'handler');
      res.json({ ok: true });
    });
    const child = jest.spyOn(logger, 'child');
    return { app, lines, child };
  };

  it('given a request nobody logs in, then one request line with its ids, and no child logger made', async () => {
    const { app, lines, child } = setup('info');
    await request(app).get('/quiet?token=abc').set('x-request-id', 'r-1').expect(200);
    expect(lines).toEqual([expect.objectContaining({ service: 't', requestId: 'r-1', correlationId: 'r-1', method: 'GET', url: '/quiet?token=%5Bredacted%5D', status: 200, msg: 'request' })]);
    expect(child).not.toHaveBeenCalled();
  });

  it('given a handler that logs, then its line carries the request ids too', async () => {
    const { app, lines, child } = setup('info');
    await request(app).get('/chatty').set('x-correlation-id', 'c-9').expect(200);
    expect(lines[0]).toMatchObject({ step: 1, msg: 'handler', correlationId: 'c-9', requestId: expect.any(String) });
    expect(lines[1]).toMatchObject({ msg: 'request', correlationId: 'c-9', requestId: lines[0]!.requestId });
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('given a silent logger, then nothing is written', async () => {
    const { app, lines } = setup('silent');
    await request(app).get('/chatty').expect(200);
    expect(lines).toEqual([]);
  });
});
