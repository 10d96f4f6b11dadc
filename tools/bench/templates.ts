/**
 * Templates (issue 17): print 1,000 tags to PDF, against the raw render rate of one label in the same run.
 *   npx tsx tools/bench/templates.ts   (DATABASE_URL, else an embedded PostgreSQL in a temporary directory)
 * The tags service runs in this process; the client that asks for the PDF runs in a child process
 * (lib/templates-load.cjs), so this process's RSS is the server's.
 *  - raw: labels/s of drawing one label (text, a {{url}} QR, a gradient, an icon, an app clip) into a
 *    PDF in this process, and PNG previews/s of the same template;
 *  - print: POST …/print {all: true} of 1,000 tags: time (goal ≤ 30 s) and peak RSS growth (goal ≤ 300 MB).
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { runBench, withDatabase } from './lib/harness';

const TAGS = 1000;
const PUBLIC_URL = 'https://app.seatside.test';
const load = join(process.cwd(), 'tools', 'bench', 'lib', 'templates-load.cjs');
const run = promisify(execFile);

const LAYERS = [
  { type: 'shape', title: 'Band', x: 0, y: 0, width: 384, height: 120, options: { gradient: true, gradientSchema: { type: 'linear-gradient', colors: ['#1677ff', '#ffffff'], deg: 90, px: 200 } } },
  { type: 'text', title: 'Label', x: 24, y: 30, width: 336, height: 60, options: { text: 'Table {{Table}}', fontFamily: 'Poppins', fontWeight: 700, fontSize: 40, color: '#111111', textAlign: 'center' } },
  { type: 'qr', title: 'Code', x: 92, y: 150, width: 200, height: 200, options: { url: '{{url}}', errorCorrectionLevel: 'M' } },
  { type: 'icon', title: 'Star', x: 24, y: 500, width: 48, height: 48, options: { color: '#1677ff' } },
  { type: 'appclip', title: 'Clip', x: 272, y: 440, width: 96, height: 96, options: { type: 'nfc' } },
  { type: 'text', title: 'Hint', x: 24, y: 380, width: 336, height: 40, options: { text: 'Scan to order · {{Seat}}', fontFamily: 'Roboto', fontSize: 20, textAlign: 'center' } },
];

async function main() {
  const { startTestService } = await import('@seatside/chassis/src/testkit/service');
  const { createTagsService } = await import('@seatside/tags');
  const { naturalSortKey } = await import('@seatside/tags/src/tags/sort-key');
  const { writePrint, printLayout } = await import('@seatside/tags/src/templates/pdf');
  const { renderPng, qrMemo } = await import('@seatside/tags/src/templates/render');
  const { layerSchema } = await import('@seatside/tags/src/templates/schema');
  const { variableValues } = await import('@seatside/template-render');
  let svc: Awaited<ReturnType<typeof startTestService>> | undefined;
  let server: import('node:http').Server | undefined;
  try {
    svc = await startTestService(createTagsService({ publicUrl: PUBLIC_URL, countScans: false }), { sources: ['identity', 'orders'] });
    const at = '2026-01-01T00:00:00.000Z';
    const docs = svc.started.deps.readModels.collection('tags');
    for (let from = 0; from < TAGS; from += 500) {
      const batch = Array.from({ length: Math.min(500, TAGS - from) }, (_, k) => {
        const i = from + k;
        const name = `Table ${i}`;
        return {
          id: `t${i}`, collection: 'merchants', tenantId: 'm1', code: `code${String(i).padStart(6, '0')}`, name, sortName: naturalSortKey(name),
          metadata: [{ key: 'Table', value: String(i), visible: true }, { key: 'Seat', value: `${i % 30}C`, visible: true }], activated: false, nfc: false, testMode: false, createdAt: at, updatedAt: at, version: 1,
        };
      });
      await docs.putMany(batch);
    }
    await svc.grant({ uid: 'bench', tenantId: 'm1', collection: 'merchants', role: 'admin' });
    server = svc.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const token = await svc.tokenFor({ uid: 'bench' });
    const created = await fetch(`${url}/v1/merchants/m1/templates`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Table card', width: 384, height: 576, layers: LAYERS }),
    });
    const { id } = (await created.json()) as { id: string };

    // Raw: one label drawn into a PDF, over and over, in this process (the sink drops the bytes).
    const template = { title: 'Table card', width: 384, height: 576, layers: LAYERS.map((l) => layerSchema.parse(l)) as never[] };
    const qr = qrMemo();
    const rawLabels = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      let n = 0;
      async function* labels() {
        while (Date.now() < until) {
          yield variableValues([], { metadata: [{ key: 'Table', value: String(n % TAGS) }, { key: 'Seat', value: '2C' }], url: `${PUBLIC_URL}/tag/code${String(n % TAGS).padStart(6, '0')}` });
          n++;
        }
      }
      const began = Date.now();
      const sink = new Writable({ write: (_c, _e, done) => done() });
      await writePrint(sink, { template, layout: printLayout(template, 'A4', 1, 0), labels: labels(), images: new Map(), qr });
      return n / ((Date.now() - began) / 1000);
    };
    await rawLabels(1);
    const raw = await rawLabels(3);
    const pngUntil = Date.now() + 3000;
    let pngs = 0;
    while (Date.now() < pngUntil) renderPng(template, variableValues([], { metadata: [{ key: 'Table', value: String(pngs) }], url: `${PUBLIC_URL}/tag/x${pngs++}` }), new Map(), qr);
    console.log(`raw: ${raw.toFixed(0)} labels/s drawn into a PDF (one label); ${(pngs / 3).toFixed(0)} PNG previews/s (384 × 576)`);

    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const { stdout } = await run(process.execPath, [load, JSON.stringify({ url: `${url}/v1/merchants/m1/templates/${id}/print`, headers: { authorization: `Bearer ${token}` }, body: { all: true, paper: 'A4', perPage: 1 } })]);
    clearInterval(sampler);
    const print = JSON.parse(stdout.trim().split('\n').pop()!) as { status: number; bytes: number; ms: number };
    const growthMb = (peak - rssBefore) / 2 ** 20;
    const perSecond = TAGS / (print.ms / 1000);
    console.log(
      `templates-bench: print ${TAGS} tags status=${print.status} ${(print.bytes / 2 ** 20).toFixed(1)} MB in ${(print.ms / 1000).toFixed(2)} s (goal ≤ 30 s: ${print.ms <= 30_000 ? 'met' : 'MISSED'}); ` +
        `peak RSS growth ${growthMb.toFixed(1)} MB (goal ≤ 300 MB: ${growthMb <= 300 ? 'met' : 'MISSED'}); ${perSecond.toFixed(0)} labels/s vs raw ${raw.toFixed(0)}/s ratio=${(perSecond / raw).toFixed(2)}`,
    );
  } finally {
    server?.close();
    await svc?.stop();
  }
}

runBench(() => withDatabase('templates', main));
