import express from 'express';
import request from 'supertest';
import { baseConfigSchema, parseConfig } from './config';
import { createHttpApp } from './http/app';
import { createLogger } from './logger';
import { createMetrics } from './metrics';

const appTrusting = (env: NodeJS.ProcessEnv) => {
  const config = parseConfig(baseConfigSchema, env);
  const app = createHttpApp({
    logger: createLogger({ service: 'test', level: 'silent' }),
    metrics: createMetrics({ defaultMetrics: false }),
    readiness: {},
    trustProxy: config.TRUST_PROXY,
  });
  app.get('/ip', (req: express.Request, res: express.Response) => {
    res.json({ ip: req.ip });
  });
  return app;
};

describe('TRUST_PROXY', () => {
  it('given no TRUST_PROXY, when a request carries X-Forwarded-For, then the client address is the socket peer', async () => {
    const res = await request(appTrusting({})).get('/ip').set('x-forwarded-for', '203.0.113.7');
    expect(res.body.ip).not.toBe('203.0.113.7');
    expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it('given TRUST_PROXY naming the peer (loopback), when a request carries X-Forwarded-For, then that address is the client', async () => {
    const res = await request(appTrusting({ TRUST_PROXY: 'loopback' })).get('/ip').set('x-forwarded-for', '203.0.113.7');
    expect(res.body.ip).toBe('203.0.113.7');
  });

  it('given TRUST_PROXY naming only other proxies, when the peer sends X-Forwarded-For, then it is ignored', async () => {
    const res = await request(appTrusting({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' })).get('/ip').set('x-forwarded-for', '203.0.113.7');
    expect(res.body.ip).not.toBe('203.0.113.7');
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['loopback, 10.0.0.0/8 ,fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('given TRUST_PROXY=%p, then the setting is %p', (value, expected) => {
    expect(parseConfig(baseConfigSchema, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('given an entry that is no address, CIDR or proxy name, then the configuration is refused', () => {
    expect(() => parseConfig(baseConfigSchema, { TRUST_PROXY: 'loopback,gateway.internal' })).toThrow(/TRUST_PROXY.*gateway\.internal/);
  });
});
