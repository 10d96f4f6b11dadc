import { fromBinary } from '@bufbuild/protobuf';
import { committedEvents, replayPublished } from '@seatside/chassis';
import { identityV1 } from '@seatside/proto';
import { startIdentity, type SignedUp } from './accounts/testing';
import { identityPublications } from './published';

describe('the identity published stream (seatside.identity.v1)', () => {
  let svc: Awaited<ReturnType<typeof startIdentity>>;
  let bob: SignedUp;

  beforeAll(async () => {
    svc = await startIdentity();
    const staff = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
    await svc.signUp({ email: 'alice@example.com' });
    bob = await svc.signUp({ email: 'bob@example.com' });
    const claim = (admin: boolean) => svc.http().post(`/v1/admin/users/${bob.id}/claims`).set('authorization', staff).send({ admin });
    expect((await claim(true)).status).toBe(200);
    expect((await claim(false)).status).toBe(200);
  });
  afterAll(() => svc.stop());

  it('given the admin claim granted and revoked, then PlatformAdminGranted and PlatformAdminRevoked, by the staff member, at their events\' positions', async () => {
    const rows = await svc.published();
    expect(rows.map((r) => r.type)).toEqual(['seatside.identity.v1.PlatformAdminGranted', 'seatside.identity.v1.PlatformAdminRevoked']);
    const granted = fromBinary(identityV1.PlatformAdminGrantedSchema, rows[0]!.payload);
    expect(granted).toMatchObject({ uid: bob.id, grantedBy: 'staff', envelope: { streamId: `user-${bob.id}`, tenantId: '' } });
    expect(granted.grantedAt?.seconds).toBeGreaterThan(0n);
    expect(fromBinary(identityV1.PlatformAdminRevokedSchema, rows[1]!.payload)).toMatchObject({ uid: bob.id, revokedBy: 'staff' });
    const events = await svc.committed();
    for (const row of rows) expect(events.find((e) => e.globalPosition === row.globalPosition)?.eventId).toBe(row.eventId);
  });

  it('given the whole log replayed from position 0, then the same published stream, byte for byte', async () => {
    const { pool, schema } = svc.started.deps;
    expect(replayPublished(await committedEvents(pool, schema), identityPublications)).toEqual(await svc.published());
  });
});
