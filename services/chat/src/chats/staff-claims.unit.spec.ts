import { identityV1 } from '@seatside/proto';
import { revokedAfter, withoutRevokedClaim } from './staff-claims';

const revoked = (uid: string) => ({ $typeName: identityV1.PlatformAdminRevokedSchema.typeName, uid });
const granted = (uid: string) => ({ $typeName: identityV1.PlatformAdminGrantedSchema.typeName, uid });

describe('staff claims', () => {
  it('given a read of grants and revocations, then the accounts it leaves revoked are those whose last word was a revocation', () => {
    expect(revokedAfter([revoked('ann'), granted('bob'), revoked('cat'), granted('cat'), granted('dan'), revoked('dan')])).toEqual(['ann', 'dan']);
    expect(revokedAfter([])).toEqual([]);
  });

  it('given a token saying admin, then it counts as staff unless the account is known revoked; other claims stay', () => {
    const principal = { uid: 'ann', email: 'ann@seatside.test', claims: { admin: true, beta: 'yes' } };
    expect(withoutRevokedClaim(principal, null)).toBe(principal);
    expect(withoutRevokedClaim(principal, { id: 'ann', revokedAt: '2026-11-27T10:00:00.000Z' })).toEqual({ ...principal, claims: { admin: false, beta: 'yes' } });
    const visitor = { uid: 'dan', claims: {} };
    expect(withoutRevokedClaim(visitor, { id: 'dan', revokedAt: '2026-11-27T10:00:00.000Z' })).toBe(visitor);
  });
});
