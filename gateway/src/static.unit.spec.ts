import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { frontendsRouter } from './static';

/** A built web app: the shell's page and worker, and two remotes' manifests. */
function built() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-worker-'));
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  };
  write('shell/dist/index.html', '<!doctype html><html><head><script defer src="/static/js/index.0123abcd89.js"></script></head><body></body></html>');
  write('shell/dist/sw.js', "// Seatside service worker.\n// version: unstamped\nself.addEventListener('install', () => undefined);\n");
  write('storefront/dist/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/seatside_storefront.fbd397ba75.js' } } }));
  write('dashboard/dist/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/seatside_dashboard.0a1b2c3d4e.js' } } }));
  return { dir, write };
}

const versionOf = (body: string) => /^\/\/ version: (.*)$/m.exec(body)?.[1];

describe('the service worker /sw.js (the update prompt, seed 002 §4)', () => {
  it('given the same deploy, then the same worker, its version stamped from the frontends, revalidated on every visit; the rest of the file as built', async () => {
    const { dir } = built();
    const app = express().use(frontendsRouter({ dir }));
    const first = await request(app).get('/sw.js');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/javascript/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(versionOf(first.text)).toMatch(/^[0-9a-f]{16}$/);
    expect(first.text.replace(/^\/\/ version: .*$/m, '')).toBe("// Seatside service worker.\n\nself.addEventListener('install', () => undefined);\n");
    expect((await request(app).get('/sw.js')).text).toBe(first.text);
  });

  it('given a remote deployed on its own (a new entry in its manifest), or a new shell, then the worker changes, so browsers install it and the page offers Update Now', async () => {
    const { dir, write } = built();
    const app = express().use(frontendsRouter({ dir }));
    const before = versionOf((await request(app).get('/sw.js')).text);
    write('storefront/dist/mf-manifest.json', JSON.stringify({ metaData: { remoteEntry: { name: 'static/js/async/seatside_storefront.99aa88bb77.js' } } }));
    const afterRemote = versionOf((await request(app).get('/sw.js')).text);
    expect(afterRemote).not.toBe(before);
    write('shell/dist/index.html', '<!doctype html><html><head><script defer src="/static/js/index.4567abcd89ef.js"></script></head><body></body></html>');
    const afterShell = versionOf((await request(app).get('/sw.js')).text);
    expect(new Set([before, afterRemote, afterShell]).size).toBe(3);
  });
});
