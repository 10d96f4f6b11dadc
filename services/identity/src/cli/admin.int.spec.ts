import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createKeyValueAdapters, createLogger, createMetrics, quoteSchema, startService, type KeyValueAdapters, type StartedService } from '@seatside/chassis';
import { testDatabaseUrl } from '@seatside/chassis/src/testkit/pg';
import { Pool } from 'pg';
import { createIdentityService } from '../index';
import { createUserDirectory, type UserDirectory } from '../users/directory';

const repoRoot = path.resolve(__dirname, '../../../..');

/** `npm run admin -- …` as a person runs it (the script is `node tools/admin.mjs`). */
function runAdmin(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['tools/admin.mjs', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run admin against DATABASE_URL', () => {
  const prefix = `cli${randomBytes(4).toString('hex')}_`;
  const schema = `${prefix}identity`;
  const env = { DATABASE_URL: testDatabaseUrl(), DB_SCHEMA_PREFIX: prefix };
  let pool: Pool;
  let kv: KeyValueAdapters;
  let started: StartedService;
  let users: UserDirectory;

  beforeAll(async () => {
    pool = new Pool({ connectionString: testDatabaseUrl(), max: 4 });
    kv = await createKeyValueAdapters({});
    started = await startService(createIdentityService({ passwordCost: 4 }), {
      pool, schema, kv, logger: createLogger({ service: 'identity', level: 'silent' }), metrics: createMetrics({ defaultMetrics: false }),
    });
    users = createUserDirectory(started.deps);
  });
  afterAll(async () => {
    await started.stop();
    await kv.close();
    await pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(schema)} CASCADE`);
    await pool.end();
  });

  const register = (email: string) =>
    users.register({ email, passwordHash: null, firstName: 'Sam', lastName: '', displayName: 'Sam', provider: 'password', emailVerified: false });

  it('given an account, when granted, then it prints so, the account is an admin and the event says by "cli"', async () => {
    const user = await register('support@example.com');
    const res = await runAdmin(['grant', 'Support@Example.com'], env);
    expect(res).toEqual({ code: 0, output: 'Granted the admin claim to Support@Example.com\n' });
    expect((await users.get(user.id))?.admin).toBe(true);
    expect(users.subjectOf((await users.get(user.id))!).claims).toEqual({ admin: true });
    const events = await started.deps.eventStore.readStream(`user-${user.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'PlatformAdminGranted', data: { by: 'cli' }, metadata: { actorId: 'cli' } });
    // Published as the service publishes it: other services (notifications) learn of the admin.
    const published = await pool.query<{ type: string }>(`SELECT type FROM ${quoteSchema(schema)}.published WHERE event_id = $1`, [events.at(-1)!.eventId]);
    expect(published.rows.map((row) => row.type)).toEqual(['seatside.identity.v1.PlatformAdminGranted']);
  });

  it('given an admin, when revoked, then the claim is gone (PlatformAdminRevoked by "cli")', async () => {
    const user = await register('former@example.com');
    expect((await runAdmin(['grant', 'former@example.com'], env)).code).toBe(0);
    const res = await runAdmin(['revoke', 'former@example.com'], env);
    expect(res).toEqual({ code: 0, output: 'Revoked the admin claim from former@example.com\n' });
    expect((await users.get(user.id))?.admin).toBe(false);
    expect((await started.deps.eventStore.readStream(`user-${user.id}`)).at(-1)).toMatchObject({ type: 'PlatformAdminRevoked', data: { by: 'cli' } });
  });

  it('given an unknown email, then exit 1 with "No account with the email <email>"', async () => {
    expect(await runAdmin(['grant', 'ghost@example.com'], env)).toEqual({ code: 1, output: 'No account with the email ghost@example.com\n' });
  });

  it('given a schema prefix with no identity schema, then "No account" too, not a database error', async () => {
    const res = await runAdmin(['grant', 'support@example.com'], { ...env, DB_SCHEMA_PREFIX: 'nowhere_' });
    expect(res).toEqual({ code: 1, output: 'No account with the email support@example.com\n' });
  });

  it('given no email or another verb, then exit 2 with the usage', async () => {
    for (const args of [['grant'], ['promote', 'a@b.c'], []]) {
      const res = await runAdmin(args, env);
      expect(res.code).toBe(2);
      expect(res.output).toContain('usage: npm run admin -- grant <email> | revoke <email>');
    }
  });
});
