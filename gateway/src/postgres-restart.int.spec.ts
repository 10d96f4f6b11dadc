import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { EmbeddedPostgresHandle } from './postgres';
import { startEmbeddedPostgres } from './postgres.testkit';

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The rows of `text`, or undefined while the server does not answer. */
async function rowsOf(url: string, text: string): Promise<unknown[] | undefined> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(text)).rows;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL, killed under the platform', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-pgrestart-'));
  let pg: EmbeddedPostgresHandle | undefined;
  afterAll(async () => {
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a committed row, when the server is killed (SIGKILL, as the out-of-memory killer does), then it is started again on the same address with the row, and stops when asked', async () => {
    pg = await startEmbeddedPostgres({ dataDir });
    const { url } = pg;
    await rowsOf(url, "CREATE TABLE orders_kept (code text); INSERT INTO orders_kept VALUES ('Q86RZZ')");
    const killed = postmasterPid(dataDir);

    process.kill(killed, 'SIGKILL');

    let rows: unknown[] | undefined;
    while (!(rows = await rowsOf(url, 'SELECT code FROM orders_kept'))) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rows).toEqual([{ code: 'Q86RZZ' }]);
    expect(postmasterPid(dataDir)).not.toBe(killed);

    await pg.stop();
    pg = undefined;
    expect(await rowsOf(url, 'SELECT 1')).toBeUndefined();
  });
});
