import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { POSTGRES_PASSWORD_FILE, type EmbeddedPostgresHandle } from './postgres';
import { startEmbeddedPostgres } from './postgres.testkit';

/** Whether the server at `url` takes `password` for postgres (the URL's own password replaced). */
async function accepts(url: string, password: string): Promise<boolean> {
  const target = new URL(url);
  target.password = encodeURIComponent(password);
  const client = new Client({ connectionString: target.toString() });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function sql(url: string, text: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL password', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-pgpass-'));
  const file = path.join(dataDir, POSTGRES_PASSWORD_FILE);
  let pg: EmbeddedPostgresHandle | undefined;
  const running = () => {
    if (!pg) throw new Error('no embedded PostgreSQL is running');
    return pg;
  };
  afterAll(async () => {
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a new DATA_DIR, then a random password in a 0600 file, and postgres/postgres is refused', async () => {
    pg = await startEmbeddedPostgres({ dataDir });
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(password).not.toBe('postgres');
    expect(new URL(pg.url).password).toBe(password);
    await expect(accepts(pg.url, password)).resolves.toBe(true);
    await expect(accepts(pg.url, 'postgres')).resolves.toBe(false);
  });

  it('given a DATA_DIR initialised with the old postgres/postgres and no password file, when it starts, then it gets a random password, on file, and its data is kept', async () => {
    await sql(running().url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await sql(running().url, "ALTER USER postgres WITH PASSWORD 'postgres'");
    fs.rmSync(file);
    await running().stop();

    pg = await startEmbeddedPostgres({ dataDir });
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).not.toBe('postgres');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await expect(accepts(pg.url, 'postgres')).resolves.toBe(false);
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    await expect(client.query('SELECT n FROM kept')).resolves.toMatchObject({ rows: [{ n: 42 }] });
    await client.end();
  });

  it('given a change interrupted after ALTER USER (the new password only in the .new file), when it starts, then that password is kept and filed', async () => {
    await sql(running().url, "ALTER USER postgres WITH PASSWORD 'half-way-there-0123456789abcdefgh'");
    fs.rmSync(file);
    fs.writeFileSync(`${file}.new`, 'half-way-there-0123456789abcdefgh', { mode: 0o600 });
    await running().stop();

    pg = await startEmbeddedPostgres({ dataDir });
    expect(fs.readFileSync(file, 'utf8').trim()).toBe('half-way-there-0123456789abcdefgh');
    expect(fs.existsSync(`${file}.new`)).toBe(false);
    await expect(accepts(pg.url, 'half-way-there-0123456789abcdefgh')).resolves.toBe(true);
  });
});
