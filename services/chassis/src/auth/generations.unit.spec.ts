import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createMemoryAdapters } from '../kv';
import { createAccountGenerations } from './generations';
import { createJwksVerifier } from './jwks';
import { authMessages } from './messages';

async function keys() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  const sign = (payload: Record<string, unknown>, options: { exp?: boolean; subject?: string } = {}) => {
    const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setSubject(options.subject ?? 'u1').setIssuer('seatside').setAudience('seatside').setIssuedAt();
    return (options.exp === false ? jwt : jwt.setExpirationTime('5m')).sign(privateKey);
  };
  return { jwks, sign };
}

describe('access token verification', () => {
  it('given a token without exp, when verified, then it is refused as invalid', async () => {
    const { jwks, sign } = await keys();
    const verifier = createJwksVerifier({ jwks, issuer: 'seatside', audience: 'seatside' });
    await expect(verifier.verify(await sign({ claims: {} }, { exp: false }))).rejects.toThrow(authMessages.invalidToken);
    await expect(verifier.verify(await sign({ claims: {} }))).resolves.toMatchObject({ uid: 'u1' });
  });

  it('given an account whose generation another process raised, when its older token is verified, then 401; a token of the new generation passes', async () => {
    const { jwks, sign } = await keys();
    const kv = createMemoryAdapters();
    const here = createAccountGenerations(kv);
    const identity = createAccountGenerations(kv);
    const verifier = createJwksVerifier({ jwks, issuer: 'seatside', audience: 'seatside', generations: here });
    const old = await sign({ gen: 0 });
    const legacy = await sign({});
    await expect(verifier.verify(old)).resolves.toMatchObject({ uid: 'u1' });

    await identity.publish('u1', 1, 60_000);
    // The raise reaches this process by pub/sub, on a later turn of the event loop (as Redis delivers).
    await new Promise((resolve) => setImmediate(resolve));

    await expect(verifier.verify(old)).rejects.toThrow(authMessages.invalidToken);
    await expect(verifier.verify(legacy)).rejects.toThrow(authMessages.invalidToken);
    await expect(verifier.verify(await sign({ gen: 1 }))).resolves.toMatchObject({ uid: 'u1' });
    await here.close();
    await identity.close();
  });

  it('given a process that learnt generation 0 a moment ago, when the raise arrives by pub/sub, then it refuses the old token before its memo runs out', async () => {
    const kv = createMemoryAdapters();
    const here = createAccountGenerations(kv, { memoMs: 60_000 });
    expect(await here.current('u1')).toBe(0);
    await createAccountGenerations(kv).publish('u1', 3, 60_000);
    for (let i = 0; i < 100 && (await here.current('u1')) !== 3; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(await here.current('u1')).toBe(3);
    await here.close();
  });

  it("given an API key's token (subject apikey:<id>, tenant claim), when the identity process revokes the key (raises its generation), then another process refuses it at once; another key's token still passes", async () => {
    const { jwks, sign } = await keys();
    const kv = createMemoryAdapters();
    const here = createAccountGenerations(kv);
    const verifier = createJwksVerifier({ jwks, issuer: 'seatside', audience: 'seatside', generations: here });
    const tenant = { collection: 'merchants', id: 'm1', testMode: false };
    const revoked = await sign({ tenant }, { subject: 'apikey:k1' });
    const other = await sign({ tenant }, { subject: 'apikey:k2' });
    await expect(verifier.verify(revoked)).resolves.toMatchObject({ uid: 'apikey:k1', tenant: { id: 'm1' } });

    await createAccountGenerations(kv).publish('apikey:k1', 1, 360_000);
    await new Promise((resolve) => setImmediate(resolve));

    await expect(verifier.verify(revoked)).rejects.toThrow(authMessages.invalidToken);
    await expect(verifier.verify(other)).resolves.toMatchObject({ uid: 'apikey:k2' });
    await here.close();
  });
});
