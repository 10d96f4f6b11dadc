import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { AdminCliError, parseAdminArgs, runAdminCommand } from './admin';

/**
 * Where the gateway publishes the URL of the embedded PostgreSQL it runs, inside DATA_DIR
 * (gateway/src/postgres.ts writes it; the name is repeated there because a service may not import the gateway).
 */
export const POSTGRES_URL_FILE = 'postgres.url';

/** The embedded PostgreSQL of a DATA_DIR, started for the command (the launcher passes the gateway's). */
export type StartEmbeddedPostgres = (dataDir: string) => Promise<{ url: string; stop(): Promise<void> }>;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The PostgreSQL of a platform running on this DATA_DIR, if one is. */
export function runningPlatformPostgres(dataDir: string): { url: string } | { pid: number } | undefined {
  const lock = path.join(dataDir, 'seatside.pid');
  const pid = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8').trim()) : 0;
  if (!pid || !alive(pid)) return undefined;
  const urlFile = path.join(dataDir, POSTGRES_URL_FILE);
  return fs.existsSync(urlFile) ? { url: fs.readFileSync(urlFile, 'utf8').trim() } : { pid };
}

/**
 * `npm run admin -- grant|revoke <email>`. DATABASE_URL when set (schema `${DB_SCHEMA_PREFIX}identity`);
 * otherwise the embedded PostgreSQL of DATA_DIR: the running platform's, or started for the command.
 */
export async function adminMain(argv: readonly string[], env: NodeJS.ProcessEnv, startEmbedded: StartEmbeddedPostgres): Promise<number> {
  let embedded: Awaited<ReturnType<StartEmbeddedPostgres>> | undefined;
  let pool: Pool | undefined;
  try {
    const command = parseAdminArgs(argv);
    const prefix = env.DB_SCHEMA_PREFIX ?? '';
    if (!/^[a-z0-9_]*$/.test(prefix)) throw new AdminCliError('DB_SCHEMA_PREFIX may hold only a-z, 0-9 and _');
    let url = env.DATABASE_URL?.trim() || undefined;
    if (!url) {
      const dataDir = path.resolve(env.DATA_DIR || './.data');
      const running = runningPlatformPostgres(dataDir);
      if (running && 'pid' in running) {
        throw new AdminCliError(`A Seatside platform (pid ${running.pid}) uses ${dataDir} but published no PostgreSQL URL; set DATABASE_URL to its database.`);
      }
      if (running) url = running.url;
      else {
        embedded = await startEmbedded(dataDir);
        url = embedded.url;
      }
    }
    pool = new Pool({ connectionString: url, max: 2 });
    console.log(await runAdminCommand(pool, `${prefix}identity`, command));
    return 0;
  } catch (err) {
    if (err instanceof AdminCliError) {
      console.error(err.message);
      return err.message.startsWith('usage:') ? 2 : 1;
    }
    console.error(`admin: ${(err as Error)?.message ?? String(err)}`);
    return 1;
  } finally {
    await pool?.end();
    await embedded?.stop();
  }
}
