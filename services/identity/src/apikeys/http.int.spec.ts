import { decodeJwt } from 'jose';
import { startIdentityWorld, type IdentityWorld, type Person } from '../tenants/testing';
import { sha256Hex } from './secret';

describe('API keys API', () => {
  let world: IdentityWorld;
  let alice: Person;
  let tenantNo = 0;
  /** A fresh merchant per case, alice its admin. */
  let merchant: string;
  let merchantId: string;
  beforeAll(async () => {
    world = await startIdentityWorld();
    alice = await world.person('Alice');
  });
  afterAll(() => world.stop());
  beforeEach(async () => {
    merchantId = `k${(tenantNo += 1)}`;
    merchant = `/v1/merchants/${merchantId}`;
    await world.tenant('merchants', merchantId, alice);
  });

  const http = () => world.svc.http();
  const create = (auth: string, body: object) => http().post(`${merchant}/api-keys`).set('authorization', auth).send(body);
  const list = (auth: string, query = '') => http().get(`${merchant}/api-keys${query}`).set('authorization', auth);
  const bearer = (apiKey: string) => `Bearer ${apiKey}`;

  it('given an admin, when they create a key, then 201 with the secret once, and the key is listed without it', async () => {
    const res = await create(alice.auth, { title: 'Point of sale', testMode: false });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ apiKey: expect.stringMatching(/^sk_live_[A-Za-z0-9_-]{43}$/), id: expect.any(String), message: 'API key created' });
    const shown = { id: res.body.id, title: 'Point of sale', testMode: false, keyPrefix: res.body.apiKey.slice(0, 12), createdAt: expect.any(String) };
    expect((await list(alice.auth)).body.data).toEqual([shown]);
    const one = await http().get(`${merchant}/api-keys/${res.body.id}`).set('authorization', alice.auth);
    expect(one.body).toEqual(shown);
    expect(JSON.stringify([(await list(alice.auth)).body.data, one.body])).not.toContain(res.body.apiKey.slice(12));
  });

  it('given a created key, then only its SHA-256 is stored: never the secret in events, their metadata or read models', async () => {
    const res = await create(alice.auth, { title: 'POS', testMode: true });
    const { pool, schema } = world.svc.started.deps;
    const events = await world.svc.started.deps.eventStore.readStream(`apikey-${res.body.id}`);
    expect(events.map((e) => e.type)).toEqual(['ApiKeyCreated']);
    expect(events[0]!.data).toEqual({
      apiKeyId: res.body.id, collection: 'merchants', tenantId: merchantId, title: 'POS', testMode: true,
      keyPrefix: res.body.apiKey.slice(0, 12), secretSha256: sha256Hex(res.body.apiKey), createdBy: alice.uid, at: expect.any(String),
    });
    const secretPart = res.body.apiKey.slice(12);
    const dump = await pool.query(`SELECT string_agg(t::text, ' ') AS all FROM (SELECT * FROM "${schema}".rm_api_keys) t`);
    expect(JSON.stringify(events)).not.toContain(secretPart);
    expect(dump.rows[0].all).not.toContain(secretPart);
  });

  it('given keys of both modes, when listed, then newest first, filtered by testMode when asked', async () => {
    const a = await create(alice.auth, { title: 'A', testMode: false });
    const b = await create(alice.auth, { title: 'B', testMode: true });
    const c = await create(alice.auth, { title: '', testMode: false });
    const ids = async (query?: string) => (await list(alice.auth, query)).body.data.map((k: { id: string }) => k.id);
    expect(await ids()).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(await ids('?testMode=false')).toEqual([c.body.id, a.body.id]);
    expect(await ids('?testMode=true')).toEqual([b.body.id]);
    const bad = await list(alice.auth, '?testMode=maybe');
    expect([bad.status, bad.body.message]).toEqual([400, "testMode must be 'true' or 'false'"]);
  });

  it('given a key, when its title is edited, then "API key updated" and the mode stays', async () => {
    const { body } = await create(alice.auth, { title: 'Old', testMode: true });
    const res = await http().post(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth).send({ title: 'New', testMode: true });
    expect(res.body).toEqual({ message: 'API key updated' });
    expect((await http().get(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth)).body).toMatchObject({ title: 'New', testMode: true });
    const flip = await http().post(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth).send({ title: 'New', testMode: false });
    expect([flip.status, flip.body.errors]).toEqual([400, { testMode: 'The mode of an API key cannot be changed' }]);
  });

  it.each<[string, 'get' | 'post' | 'delete']>([
    ['read', 'get'],
    ['edited', 'post'],
    ['deleted', 'delete'],
  ])('given no such key (or a deleted one), when it is %s, then 404 "API key not found"', async (_name, method) => {
    const { body } = await create(alice.auth, { title: 'gone', testMode: false });
    await http().delete(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth);
    for (const id of ['nope', body.id]) {
      const res = await http()[method](`${merchant}/api-keys/${id}`).set('authorization', alice.auth).send({ title: 'x' });
      expect([res.status, res.body.message]).toEqual([404, 'API key not found']);
    }
  });

  it('given a production key, when it calls the API through the service verifier, then it acts as the tenant admin; after DELETE it stops at once', async () => {
    const { body } = await create(alice.auth, { title: 'live', testMode: false });
    const asKey = await list(bearer(body.apiKey));
    expect(asKey.status).toBe(200);
    expect(asKey.body.data.map((k: { id: string }) => k.id)).toEqual([body.id]);
    const deleted = await http().delete(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth);
    expect(deleted.body).toEqual({ message: 'API key deleted' });
    const after = await list(bearer(body.apiKey));
    expect([after.status, after.body.message]).toEqual([401, 'Invalid or expired token']);
    expect((await list(alice.auth)).body.data).toEqual([]);
  });

  it('given a sandbox key, then it lists only sandbox keys, may not create one, and may delete itself', async () => {
    const live = await create(alice.auth, { title: 'live', testMode: false });
    const test = await create(alice.auth, { title: 'test', testMode: true });
    const asTest = bearer(test.body.apiKey);
    expect((await list(asTest)).body.data.map((k: { id: string }) => k.id)).toEqual([test.body.id]);
    const made = await create(asTest, { title: 'made by a key' });
    expect([made.status, made.body.code]).toEqual([403, 'api_key_not_allowed']);
    expect((await list(alice.auth, '?testMode=false')).body.data.map((k: { id: string }) => k.id)).toEqual([live.body.id]);
    const self = await http().delete(`${merchant}/api-keys/${test.body.id}`).set('authorization', asTest);
    expect(self.status).toBe(200);
    expect((await list(asTest)).status).toBe(401);
  });

  it('given a production key (or a token exchanged for it), when it creates, renames or deletes another key, then 403 api_key_not_allowed and the keys are unchanged; a signed-in admin still can', async () => {
    const live = await create(alice.auth, { title: 'live', testMode: false });
    const other = await create(alice.auth, { title: 'other', testMode: false });
    const exchanged = await http().post('/v1/auth/api-key-token').send({ apiKey: live.body.apiKey });
    for (const asKey of [bearer(live.body.apiKey), bearer(exchanged.body.token)]) {
      const refused = [
        await create(asKey, { title: 'minted', testMode: false }),
        await http().post(`${merchant}/api-keys/${other.body.id}`).set('authorization', asKey).send({ title: 'renamed' }),
        await http().post(`${merchant}/api-keys/${live.body.id}`).set('authorization', asKey).send({ title: 'renamed' }),
        await http().delete(`${merchant}/api-keys/${other.body.id}`).set('authorization', asKey),
      ];
      for (const res of refused) {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect([res.status, res.body.code, res.body.message]).toEqual([403, 'api_key_not_allowed', 'An API key cannot manage the team or API keys. Sign in to the dashboard as an admin to do this.']);
      }
      expect((await list(asKey)).status).toBe(200);
    }
    const keys = async () => (await list(alice.auth, '?testMode=false')).body.data.map((k: { id: string; title: string }) => [k.id, k.title]);
    expect(await keys()).toEqual([[other.body.id, 'other'], [live.body.id, 'live']]);

    expect((await http().post(`${merchant}/api-keys/${other.body.id}`).set('authorization', alice.auth).send({ title: 'renamed' })).body).toEqual({ message: 'API key updated' });
    expect((await http().delete(`${merchant}/api-keys/${live.body.id}`).set('authorization', alice.auth)).body).toEqual({ message: 'API key deleted' });
    expect((await create(alice.auth, { title: 'new', testMode: false })).status).toBe(201);
  });

  it.each<[string, (apiKey: string) => string]>([
    ['an unknown key', () => `sk_live_${'A'.repeat(43)}`],
    ['a sandbox key presented with the production prefix', (apiKey) => apiKey.replace('sk_test_', 'sk_live_')],
    ['a key cut short', (apiKey) => apiKey.slice(0, -1)],
  ])('given %s, then 401 "Invalid or expired token"', async (_name, tamper) => {
    const { body } = await create(alice.auth, { title: 't', testMode: true });
    const res = await list(bearer(tamper(body.apiKey)));
    expect([res.status, res.body.message]).toEqual([401, 'Invalid or expired token']);
  });

  it('given a key, when it is exchanged for a token, then a short JWT for its tenant that the API accepts; once the key is deleted, that token and the key get 401', async () => {
    const { body } = await create(alice.auth, { title: 'gw', testMode: true });
    const res = await http().post('/v1/auth/api-key-token').send({ apiKey: body.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), expiresIn: 300 });
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({ sub: `apikey:${body.id}`, claims: {}, tenant: { collection: 'merchants', id: merchantId, testMode: true } });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect((await list(bearer(res.body.token))).body.data.map((k: { id: string }) => k.id)).toEqual([body.id]);
    const prod = await list(bearer(res.body.token), '?testMode=false');
    expect([prod.status, prod.body.message]).toEqual([403, 'You do not have access to this page.']);

    await http().delete(`${merchant}/api-keys/${body.id}`).set('authorization', alice.auth);
    // The token exchanged before the delete ends with the key, not 300 s later.
    const after = await list(bearer(res.body.token));
    expect([after.status, after.body.message]).toEqual([401, 'Invalid or expired token']);
    for (const apiKey of [body.apiKey, undefined, 42]) {
      const refused = await http().post('/v1/auth/api-key-token').send({ apiKey });
      expect([refused.status, refused.body.message]).toEqual([401, 'Invalid or expired token']);
    }
  });
});
