import { Router } from 'express';
import request from 'supertest';
import type { PublicPage, PublicPageLookup } from './public-pages';
import { httpPublicPageLookup } from './public-pages';
import { testGateway } from './testing';

const page = (handle: string, redirect: string | null = null): PublicPage => ({ type: 'merchants', id: `id-${handle}`, handle, redirect });

/** A catalog that knows a teleported page, a page under a former handle and one verified custom domain. */
const lookup: PublicPageLookup = {
  byHandle: async (handle) =>
    ({ 'teleported-shop': page('teleported-shop', 'https://elsewhere.example/menu'), 'old-nachos': page('nachos', '/nachos'), nachos: page('nachos') })[handle],
  byHost: async (host) => (host === 'order.nachos.example' ? page('nachos') : undefined),
};

const gateway = () => testGateway(Router(), { publicPages: lookup, ownHosts: ['seatside.example'] });

describe('public pages at the gateway (teleport, former handles, custom domains)', () => {
  it('given a teleported tenant, when its page is opened, then 302 to the destination', async () => {
    const res = await request(gateway()).get('/teleported-shop').set('accept', 'text/html');
    expect([res.status, res.headers.location]).toEqual([302, 'https://elsewhere.example/menu']);
  });

  it('given a former handle, then 302 to the current one; a current handle or an unknown path gets the web app', async () => {
    expect((await request(gateway()).get('/old-nachos').set('accept', 'text/html')).headers.location).toBe('/nachos');
    expect((await request(gateway()).get('/nachos').set('accept', 'text/html')).status).toBe(200);
    expect((await request(gateway()).get('/features').set('accept', 'text/html')).status).toBe(200);
  });

  it('given a verified custom domain in Host, then / shows its tenant\'s page; another host or the platform\'s own does not', async () => {
    const res = await request(gateway()).get('/').set('host', 'order.nachos.example').set('accept', 'text/html');
    expect([res.status, res.headers.location]).toEqual([302, '/nachos']);
    for (const host of ['unverified.example', 'seatside.example', '127.0.0.1:8080', 'localhost']) {
      expect((await request(gateway()).get('/').set('host', host).set('accept', 'text/html')).status).toBe(200);
    }
  });

  it('given the catalog over HTTP, then answers are remembered a moment (misses too) and a failure serves the app', async () => {
    const calls: string[] = [];
    const fake = (async (url: string) => {
      calls.push(url);
      if (url.includes('broken')) throw new Error('down');
      return url.endsWith('/nachos') ? new Response(JSON.stringify(page('nachos')), { status: 200 }) : new Response('{}', { status: 404 });
    }) as unknown as typeof fetch;
    const http = httpPublicPageLookup(() => 'http://catalog.internal/', fake);
    expect(await http.byHandle('nachos')).toEqual(page('nachos'));
    expect(await http.byHandle('nachos')).toEqual(page('nachos'));
    expect(await http.byHost('nope.example')).toBeUndefined();
    expect(await http.byHost('nope.example')).toBeUndefined();
    expect(await http.byHandle('broken')).toBeUndefined();
    expect(calls).toEqual(['http://catalog.internal/v1/public-pages/nachos', 'http://catalog.internal/v1/public-pages?host=nope.example', 'http://catalog.internal/v1/public-pages/broken']);
  });
});
