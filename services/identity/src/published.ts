import { protoTimestamp as time, publication, published, type Publications } from '@seatside/chassis';
import { identityV1 } from '@seatside/proto';
import { userDecider, type UserEvent, type UserState } from './users/user';

/**
 * The identity service's published stream (docs/ARCHITECTURE.md, Published streams): one pure
 * mapping per domain event to the integration events of `seatside.identity.v1`. Today the platform
 * admin claim (the notifications service notifies every admin); users and tenant memberships follow
 * as their consumers move off the internal log.
 */
export const userPublication = publication<UserEvent, UserState>({
  streamPrefix: 'user-',
  decider: userDecider,
  map: {
    PlatformAdminGranted: ({ data }) => published(identityV1.PlatformAdminGrantedSchema, { envelope: {}, uid: data.uid, grantedBy: data.by, grantedAt: time(data.at) }),
    PlatformAdminRevoked: ({ data }) => published(identityV1.PlatformAdminRevokedSchema, { envelope: {}, uid: data.uid, revokedBy: data.by, revokedAt: time(data.at) }),
  },
});

/** Raise `version` when a mapping starts publishing events it did not before (chassis Publications). */
export const identityPublications: Publications = {
  version: 1,
  streams: [userPublication],
};
