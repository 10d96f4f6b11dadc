import { signState, STATE_TTL_MS, verifyState } from './state';

const secret = 'state-secret';
const now = new Date('2026-11-28T10:00:00Z');
const fields = { provider: 'stripe' as const, merchantId: 'cafe', environment: 'sandbox' as const, uid: 'ann' };

describe('the signed OAuth state of a provider connection', () => {
  it('given a state just signed, then it verifies to the same merchant, mode and provider', () => {
    const verified = verifyState(secret, signState(secret, fields, now, 'n1'), now);
    expect(verified).toEqual({ state: { ...fields, nonce: 'n1', expiresAt: now.getTime() + STATE_TTL_MS } });
  });

  it('given the state edited to name another merchant or mode, then it is refused', () => {
    const [body, signature] = signState(secret, fields, now).split('.');
    for (const change of [{ merchantId: 'other' }, { environment: 'production' }]) {
      const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), ...change })).toString('base64url');
      expect(verifyState(secret, `${edited}.${signature}`, now)).toEqual({ refused: 'state signature does not match' });
    }
  });

  it('given another secret, an expired state or garbage, then it is refused', () => {
    const state = signState(secret, fields, now);
    expect(verifyState('other', state, now)).toEqual({ refused: 'state signature does not match' });
    expect(verifyState(secret, state, new Date(now.getTime() + STATE_TTL_MS + 1))).toEqual({ refused: 'state expired' });
    expect(verifyState(secret, 'garbage', now)).toEqual({ refused: 'malformed state' });
  });
});
