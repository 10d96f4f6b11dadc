import { createKeyValueAdapters, createLogger, createMetrics, startService } from '@seatside/chassis';
import { createIdentityService } from '../index';
import { createUserDirectory } from '../users/directory';
import { bearer, startIdentity } from './testing';

describe('platform admins from ADMIN_EMAILS', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  beforeAll(async () => {
    svc = await startIdentity({ adminEmails: ['staff@seatside.dev', 'later@seatside.dev'] });
  });
  afterAll(() => svc.stop());
  const me = async (token: string) => (await svc.http().get('/v1/auth/me').set('authorization', bearer(token))).body;
  const eventsOf = async (uid: string) => svc.started.deps.eventStore.readStream(`user-${uid}`);

  it('given a listed email (in another case), when it signs up, then its token and /auth/me carry {admin: true}, granted by ADMIN_EMAILS', async () => {
    const user = await svc.signUp({ email: 'Staff@Seatside.dev' });
    expect(JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).claims).toEqual({ admin: true });
    expect((await me(user.token)).claims).toEqual({ admin: true });
    expect((await eventsOf(user.id)).map((e) => [e.type, (e.data as { by?: string }).by])).toContainEqual(['PlatformAdminGranted', 'ADMIN_EMAILS']);
  });

  it('given an unlisted email, then no claims', async () => {
    const user = await svc.signUp();
    expect((await me(user.token)).claims).toEqual({});
  });

  it('given a listed account whose claim was revoked, when it signs in, then it is granted again', async () => {
    const user = await svc.signUp({ email: 'later@seatside.dev' });
    await createUserDirectory(svc.started.deps).run(user.id, { type: 'RevokePlatformAdmin', data: { uid: user.id, by: 'cli', at: new Date().toISOString() } });
    // The revocation raised the account's generation: its earlier token (which says admin) is refused.
    expect((await svc.http().get('/v1/auth/me').set('authorization', bearer(user.token))).status).toBe(401);
    const res = await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password });
    expect(JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString()).claims).toEqual({ admin: true });
  });

  it('given an existing account newly listed, when the service starts, then it gets the claim', async () => {
    const user = await svc.signUp({ email: 'newly-listed@seatside.dev' });
    const kv = await createKeyValueAdapters({});
    const again = await startService(createIdentityService({ passwordCost: 4, dataDir: svc.dataDir, adminEmails: ['newly-listed@seatside.dev'] }), {
      pool: svc.started.deps.pool, schema: svc.started.deps.schema, kv, logger: createLogger({ service: 'identity', level: 'silent' }), metrics: createMetrics({ defaultMetrics: false }),
    });
    await again.stop();
    await kv.close();
    expect((await me(user.token)).claims).toEqual({ admin: true });
  });
});
