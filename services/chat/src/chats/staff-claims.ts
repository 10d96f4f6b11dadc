import { createRealtimePublisher, type CollectionSpec, type Principal, type ReadModelStore, type ServiceDeps } from '@seatside/chassis';
import { identityV1 } from '@seatside/proto';
import { CHAT_NAMESPACE, staffMemberRoom } from './engine';

/**
 * Staff whose platform admin claim the identity service revoked (PlatformAdminRevoked; a later
 * PlatformAdminGranted takes them off). An access token keeps the claim it was issued with until it
 * expires (15 minutes), and a socket outlives its handshake's token: without this list a revoked
 * admin's open inbox kept hearing every visitor's messages, and could reconnect with the old token.
 */
export const revokedStaff: CollectionSpec = { name: 'revoked_staff' };

export type RevokedStaffDoc = { id: string; revokedAt: string };

export const STAFF_CLAIMS_SUBSCRIPTION = 'chat-staff-claims';

type ClaimMessage = { $typeName: string; uid: string };
const isRevocation = (message: ClaimMessage) => message.$typeName === identityV1.PlatformAdminRevokedSchema.typeName;

/** The principal as the chat serves it: the token's admin claim counts only while identity has not revoked it. */
export function withoutRevokedClaim(principal: Principal, revoked: RevokedStaffDoc | null): Principal {
  if (principal.claims.admin !== true || !revoked) return principal;
  return { ...principal, claims: { ...principal.claims, admin: false } };
}

/** The accounts a read of grants and revocations leaves revoked (a revocation then a grant in one read leaves none). */
export function revokedAfter(messages: readonly ClaimMessage[]): string[] {
  const last = new Map<string, boolean>();
  for (const message of messages) last.set(message.uid, isRevocation(message));
  return [...last].filter(([, revoked]) => revoked).map(([uid]) => uid);
}

/** A socket's principal, once the chassis verified its token: see withoutRevokedClaim. */
export async function currentPrincipal(readModels: ReadModelStore, principal: Principal | undefined): Promise<Principal | undefined> {
  if (principal?.claims.admin !== true) return principal;
  return withoutRevokedClaim(principal, await readModels.collection<RevokedStaffDoc>(revokedStaff).get(principal.uid));
}

/**
 * Follows identity's grants and revocations of the admin claim into `revoked_staff`; once a read's
 * transaction committed (so a reconnection is refused from then on), every `/chat` socket of each
 * account it left revoked is disconnected, on every process (the kv pub/sub).
 */
export function followStaffClaims(deps: ServiceDeps): void {
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  deps.subscribePublished({
    name: STAFF_CLAIMS_SUBSCRIPTION,
    source: 'identity',
    messages: [identityV1.PlatformAdminGrantedSchema, identityV1.PlatformAdminRevokedSchema],
    async handleBatch(delivered, tx) {
      const revoked = deps.readModels.collection<RevokedStaffDoc>(revokedStaff, tx);
      for (const { message, event } of delivered) {
        if (isRevocation(message)) await revoked.put({ id: message.uid, revokedAt: event.recordedAt.toISOString() });
        else await revoked.delete(message.uid);
      }
    },
    committed(delivered) {
      for (const uid of revokedAfter(delivered.map((d) => d.message))) {
        publisher.disconnect(CHAT_NAMESPACE, staffMemberRoom(uid)).catch((err: unknown) => deps.logger.error({ err, uid }, 'could not disconnect a revoked admin\'s chat sockets'));
      }
    },
  });
}
