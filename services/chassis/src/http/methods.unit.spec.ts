import express, { Router } from 'express';
import request from 'supertest';
import { notFoundHandler, problemHandler } from './problem';
import { allowedMethods, withMethodNotAllowed } from './methods';

/** A service's router as services write them (full paths, nested routers), behind the chassis' mapper. */
function serviceRouter() {
  const router = Router();
  router.get('/v1/things', (_req, res) => void res.json([]));
  router.post('/v1/things', (_req, res) => void res.status(201).json({}));
  router.get('/v1/things/:thingId', (_req, res) => void res.json({}));
  router.delete('/v1/things/:thingId', (_req, res) => void res.json({}));
  // A route that passes on a request it does not take is not a route for it.
  router.post('/v1/passes', (_req, _res, next) => next());
  router.all('/v1/anything', (_req, res) => void res.json({}));
  const nested = Router();
  nested.put('/settings', (_req, res) => void res.json({}));
  router.use('/v1/nested', nested);
  router.use(Router().post('/v1/slices/:id/:action', (_req, res) => void res.json({})));
  return router;
}

const appOf = () => express().use(withMethodNotAllowed(serviceRouter())).use(notFoundHandler, problemHandler);

describe('a known path asked with another method (RFC 9110 §15.5.6)', () => {
  it.each([
    ['delete', '/v1/things', 'GET, HEAD, POST'],
    ['patch', '/v1/things/t1', 'DELETE, GET, HEAD'],
    ['put', '/v1/things/t1', 'DELETE, GET, HEAD'],
    ['get', '/v1/nested/settings', 'PUT'],
    ['get', '/v1/slices/s1/refund', 'POST'],
  ] as const)('given %s %s, then 405 problem+json with Allow: %s', async (method, path, allow) => {
    const res = await request(appOf())[method](path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.text)).toMatchObject({
      status: 405,
      title: 'Method Not Allowed',
      code: 'method_not_allowed',
      message: `${method.toUpperCase()} is not allowed here. This route takes ${allow}`,
      instance: path,
    });
  });

  it('given the methods a route takes (HEAD for GET), then they are answered as before', async () => {
    const app = appOf();
    expect((await request(app).get('/v1/things')).status).toBe(200);
    expect((await request(app).head('/v1/things/t1')).status).toBe(200);
    expect((await request(app).post('/v1/things')).status).toBe(201);
    expect((await request(app).put('/v1/nested/settings')).status).toBe(200);
    expect((await request(app).patch('/v1/anything')).status).toBe(200);
  });

  it('given a path no route takes, or a route that passed its own method on, then 404 as before', async () => {
    const app = appOf();
    expect((await request(app).delete('/v1/nothing')).status).toBe(404);
    expect((await request(app).get('/v1/things/t1/deeper')).status).toBe(404);
    expect((await request(app).post('/v1/passes')).status).toBe(404);
  });

  it('given OPTIONS, then express answers it with Allow, as before', async () => {
    const res = await request(appOf()).options('/v1/things');
    expect([res.status, res.headers.allow]).toEqual([200, 'GET, HEAD, POST']);
  });

  it('given a path express cannot decode, then it names no route (404 as before)', () => {
    expect(allowedMethods(serviceRouter(), '/v1/things/%E0%A4%A')).toEqual(new Set());
  });
});
