import { randomBytes } from 'node:crypto';
import { createDataKeyRing, runMigrations, type DataKeyRing } from '@seatside/chassis';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { identityMigrations } from './migrations';
import { createAccessTokens } from './tokens';

/** The identity service's signing keys at rest: sealed under the data key ring, never plaintext. */
describe('signing keys at rest', () => {
  let db: FreshSchema;
  beforeAll(async () => {
    db = await freshSchema('keys');
    await runMigrations(db.pool, db.schema, [identityMigrations(db.schema)]);
  });
  afterAll(() => db.drop());

  const oldBytes = randomBytes(32);
  const oldKey = createDataKeyRing([oldBytes]);
  const tokensWith = (ring: DataKeyRing) =>
    createAccessTokens({ pool: db.pool, schema: db.schema, issuer: 'seatside', audience: 'seatside', ttlSeconds: 900, generations: { current: async () => 0 }, dataKeys: () => ring });
  const storedRow = async () =>
    (await db.pool.query<{ kid: string; private_jwk: Record<string, unknown>; public_jwk: Record<string, unknown> }>(`SELECT kid, private_jwk, public_jwk FROM "${db.schema}".signing_keys`)).rows;

  it('given the service starts, then the private key in the database is sealed, not the plaintext JWK, and tokens it signs verify', async () => {
    const tokens = tokensWith(oldKey);
    await tokens.init();
    const [row, ...others] = await storedRow();
    expect(others).toEqual([]);
    expect(Object.keys(row!.private_jwk)).toEqual(['sealed']);
    expect(row!.private_jwk.sealed).toMatch(/^seal:v1:/);
    const jwk = JSON.parse(oldKey.open(row!.private_jwk.sealed as string, `identity.signing_keys:${row!.kid}`)) as Record<string, string>;
    expect(jwk).toMatchObject({ kty: 'EC', kid: row!.kid, d: expect.any(String) });
    expect(JSON.stringify(row!.private_jwk)).not.toContain(jwk.d);
    const token = await tokens.issue({ uid: 'u1', claims: {} });
    await expect(tokens.verifier().verify(token)).resolves.toMatchObject({ uid: 'u1' });
  });

  it('given a key stored in plaintext before sealing existed, when the service starts, then it is sealed in place and still signs for the same kid', async () => {
    const [row] = await storedRow();
    const plain = JSON.parse(oldKey.open(row!.private_jwk.sealed as string, `identity.signing_keys:${row!.kid}`)) as Record<string, string>;
    await db.pool.query(`UPDATE "${db.schema}".signing_keys SET private_jwk = $1`, [plain]);

    const tokens = tokensWith(oldKey);
    await tokens.init();
    const [resealed] = await storedRow();
    expect(resealed!.kid).toBe(row!.kid);
    expect(resealed!.private_jwk).toEqual({ sealed: expect.stringMatching(/^seal:v1:/) });
    expect(JSON.stringify(resealed!.private_jwk)).not.toContain(plain.d);
    const token = await tokens.issue({ uid: 'u2', claims: {} });
    await expect(tokens.verifier().verify(token)).resolves.toMatchObject({ uid: 'u2' });
  });

  it('given a new data key first in the ring and the old one after it, when the service starts, then the key is sealed again under the new one', async () => {
    const [before] = await storedRow();
    const rotated = createDataKeyRing([randomBytes(32), oldBytes]);
    await tokensWith(rotated).init();
    const [after] = await storedRow();
    expect(after!.private_jwk.sealed).not.toBe(before!.private_jwk.sealed);
    expect(rotated.needsSealing(after!.private_jwk.sealed)).toBe(false);
    expect(() => oldKey.open(after!.private_jwk.sealed as string, `identity.signing_keys:${after!.kid}`)).toThrow();
  });

  it('given a ring without the key that sealed it, then the service refuses to start rather than make a new key', async () => {
    await expect(tokensWith(createDataKeyRing([randomBytes(32)])).init()).rejects.toThrow(/no data key/);
    expect(await storedRow()).toHaveLength(1);
  });
});
