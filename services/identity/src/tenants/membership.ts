import { conflict, forbidden, notFound, validationFailed, type Decider, type TenantCollection, type TenantRole } from '@seatside/chassis';
import { TEAM_ROLE_UNAVAILABLE, TEAM_ROLES, teamRolesOf } from '@seatside/rules';

export { isTenantCollection, tenantCollections, type TenantCollection, type TenantRole } from '@seatside/chassis';

export const tenantRoles: readonly TenantRole[] = TEAM_ROLES;

/** The Users screen's texts (spec 002 §5, §8; docs/identity-api.md "Team users"). */
export const membershipMessages = {
  required: 'Required',
  invalidRole: 'Please choose a valid role',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  alreadyMember: 'This user is already a member',
  notFound: 'User not found',
  ownRole: 'You cannot change your own role',
  removeSelf: 'You cannot remove yourself',
  lastAdmin: 'The last admin cannot be removed or demoted',
  added: 'User added',
  roleUpdated: 'Role updated',
  removed: 'User removed',
  roleUnavailable: TEAM_ROLE_UNAVAILABLE,
} as const;

type TenantRef = { collection: TenantCollection; tenantId: string };

/** As seatside.identity.v1.TenantMembershipGranted / Revoked (camelCase JSON). */
export type MembershipEvent =
  | { type: 'TenantMembershipGranted'; data: TenantRef & { uid: string; role: TenantRole; grantedBy: string; at: string } }
  | { type: 'TenantMembershipRevoked'; data: TenantRef & { uid: string; revokedBy: string; at: string } };

/** `by` is the acting principal's uid (a user, or `apikey:<id>`). */
export type MembershipCommand =
  | { type: 'GrantCreatorAdmin'; data: TenantRef & { uid: string; at: string } }
  | { type: 'AddMember'; data: TenantRef & { uid: string; role: TenantRole; by: string; at: string } }
  | { type: 'ChangeRole'; data: TenantRef & { uid: string; role: TenantRole; by: string; at: string } }
  | { type: 'RemoveMember'; data: TenantRef & { uid: string; by: string; at: string } };

export type MembershipState = {
  members: Record<string, TenantRole>;
  /** The tenant's creator was made admin (from the catalog's Created event): a redelivery adds nothing. */
  creatorGranted: boolean;
};

const adminCount = (state: MembershipState) => Object.values(state.members).filter((role) => role === 'admin').length;

/** Refuses, on the role field, a role this kind of team does not have (a runner only on a merchant's team). */
export function givable(collection: TenantCollection, role: TenantRole): void {
  if (!teamRolesOf(collection).includes(role)) throw validationFailed(membershipMessages.roleUnavailable, { role: membershipMessages.roleUnavailable });
}

function existingMember(state: MembershipState, uid: string): TenantRole {
  const role = state.members[uid];
  if (!role) throw notFound(membershipMessages.notFound);
  return role;
}

/** One stream per tenant: who belongs to it and with which role. */
export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: () => ({ members: {}, creatorGranted: false }),
  decide(command, state) {
    const { collection, tenantId, uid, at } = command.data;
    switch (command.type) {
      case 'GrantCreatorAdmin':
        if (state.creatorGranted || state.members[uid] === 'admin') return [];
        return [{ type: 'TenantMembershipGranted', data: { collection, tenantId, uid, role: 'admin', grantedBy: '', at } }];
      case 'AddMember': {
        const { role, by } = command.data;
        givable(collection, role);
        if (state.members[uid]) throw conflict(membershipMessages.alreadyMember);
        return [{ type: 'TenantMembershipGranted', data: { collection, tenantId, uid, role, grantedBy: by, at } }];
      }
      case 'ChangeRole': {
        const { role, by } = command.data;
        givable(collection, role);
        if (uid === by) throw forbidden(membershipMessages.ownRole);
        const current = existingMember(state, uid);
        if (current === role) return [];
        if (current === 'admin' && adminCount(state) === 1) throw conflict(membershipMessages.lastAdmin);
        return [{ type: 'TenantMembershipGranted', data: { collection, tenantId, uid, role, grantedBy: by, at } }];
      }
      case 'RemoveMember': {
        const { by } = command.data;
        if (uid === by) throw forbidden(membershipMessages.removeSelf);
        const current = existingMember(state, uid);
        if (current === 'admin' && adminCount(state) === 1) throw conflict(membershipMessages.lastAdmin);
        return [{ type: 'TenantMembershipRevoked', data: { collection, tenantId, uid, revokedBy: by, at } }];
      }
    }
  },
  evolve(state, event) {
    const { uid } = event.data;
    switch (event.type) {
      case 'TenantMembershipGranted':
        return {
          members: { ...state.members, [uid]: event.data.role },
          creatorGranted: state.creatorGranted || event.data.grantedBy === '',
        };
      case 'TenantMembershipRevoked': {
        const { [uid]: _removed, ...members } = state.members;
        return { ...state, members };
      }
    }
  },
};

export const membershipStream = (collection: TenantCollection, tenantId: string) => `members-${collection}-${tenantId}`;
