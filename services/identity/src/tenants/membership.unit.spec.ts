import { spec } from '@seatside/chassis/src/testkit/decider';
import { membershipDecider, type MembershipCommand, type MembershipEvent, type TenantRole } from './membership';

const at = '2026-11-22T12:00:00.000Z';
const tenant = { collection: 'merchants', tenantId: 'm1' } as const;
const granted = (uid: string, role: TenantRole, grantedBy: string): MembershipEvent => ({ type: 'TenantMembershipGranted', data: { ...tenant, uid, role, grantedBy, at } });
const revoked = (uid: string, revokedBy: string): MembershipEvent => ({ type: 'TenantMembershipRevoked', data: { ...tenant, uid, revokedBy, at } });
const creator = granted('alice', 'admin', '');
const add = (uid: string, role: TenantRole, by: string): MembershipCommand => ({ type: 'AddMember', data: { ...tenant, uid, role, by, at } });
const changeRole = (uid: string, role: TenantRole, by: string): MembershipCommand => ({ type: 'ChangeRole', data: { ...tenant, uid, role, by, at } });
const remove = (uid: string, by: string): MembershipCommand => ({ type: 'RemoveMember', data: { ...tenant, uid, by, at } });
const grantCreator = (uid: string): MembershipCommand => ({ type: 'GrantCreatorAdmin', data: { ...tenant, uid, at } });

describe('membership decider', () => {
  describe('the creator of a tenant', () => {
    it('given a new tenant, when its creator is granted, then they are admin, granted by nobody', () => {
      spec(membershipDecider).given([]).when(grantCreator('alice')).then([creator]);
    });

    it('given the creator already granted, when the catalog event is delivered again, then nothing happens', () => {
      spec(membershipDecider).given([creator]).when(grantCreator('alice')).then([]);
    });

    it('given the creator was granted and later removed, when the catalog event is delivered again, then they are not re-added', () => {
      spec(membershipDecider)
        .given([creator, granted('bob', 'admin', 'alice'), revoked('alice', 'bob')])
        .when(grantCreator('alice'))
        .then([]);
    });
  });

  describe('adding a member', () => {
    it('given an admin, when they add a team member, then the grant names who granted it', () => {
      spec(membershipDecider).given([creator]).when(add('bob', 'teamMember', 'alice')).then([granted('bob', 'teamMember', 'alice')]);
    });

    it.each<[string, MembershipEvent[], string]>([
      ['a team member', [creator, granted('bob', 'teamMember', 'alice')], 'bob'],
      ['the admin themselves', [creator], 'alice'],
    ])('given %s, when they are added again, then 409 "This user is already a member"', (_name, given, uid) => {
      spec(membershipDecider).given(given).when(add(uid, 'admin', 'alice')).thenThrows('Conflict', 'This user is already a member');
    });
  });

  describe("a role the tenant's kind of team does not have", () => {
    const venue = { collection: 'venues', tenantId: 'v1' } as const;
    const venueCreator: MembershipEvent = { type: 'TenantMembershipGranted', data: { ...venue, uid: 'alice', role: 'admin', grantedBy: '', at } };
    const venueMember: MembershipEvent = { type: 'TenantMembershipGranted', data: { ...venue, uid: 'bob', role: 'teamMember', grantedBy: 'alice', at } };

    it("given a venue, when a runner is added or a member made one, then 400 on the role: runners carry a merchant's orders", () => {
      spec(membershipDecider)
        .given([venueCreator])
        .when({ type: 'AddMember', data: { ...venue, uid: 'bob', role: 'runner', by: 'alice', at } })
        .thenThrows('ValidationFailed', 'This role is not available on this team');
      spec(membershipDecider)
        .given([venueCreator, venueMember])
        .when({ type: 'ChangeRole', data: { ...venue, uid: 'bob', role: 'runner', by: 'alice', at } })
        .thenThrows('ValidationFailed', 'This role is not available on this team');
    });

    it('given a merchant, when a runner is added, then the grant', () => {
      spec(membershipDecider).given([creator]).when(add('bob', 'runner', 'alice')).then([granted('bob', 'runner', 'alice')]);
    });
  });

  describe('changing a role', () => {
    const team = [creator, granted('bob', 'teamMember', 'alice')];

    it('given a team member, when an admin makes them admin, then a new grant with the role (the latest wins)', () => {
      spec(membershipDecider).given(team).when(changeRole('bob', 'admin', 'alice')).then([granted('bob', 'admin', 'alice')]);
    });

    it('given a member with that role already, when it is set again, then nothing happens', () => {
      spec(membershipDecider).given(team).when(changeRole('bob', 'teamMember', 'alice')).then([]);
    });

    it('given an admin, when they change their own role, then 403 "You cannot change your own role"', () => {
      spec(membershipDecider).given(team).when(changeRole('alice', 'teamMember', 'alice')).thenThrows('Forbidden', 'You cannot change your own role');
    });

    it('given someone not in the team, when their role is set, then 404 "User not found"', () => {
      spec(membershipDecider).given(team).when(changeRole('carol', 'admin', 'alice')).thenThrows('NotFound', 'User not found');
    });

    it('given a removed member, when their role is set, then 404 "User not found"', () => {
      spec(membershipDecider).given([...team, revoked('bob', 'alice')]).when(changeRole('bob', 'admin', 'alice')).thenThrows('NotFound', 'User not found');
    });

    it('given the only admin, when an API key demotes them, then 409 and they stay admin', () => {
      spec(membershipDecider).given(team).when(changeRole('alice', 'teamMember', 'apikey:k1')).thenThrows('Conflict', 'The last admin cannot be removed or demoted');
    });

    it('given two admins, when one demotes the other, then the grant', () => {
      spec(membershipDecider)
        .given([...team, granted('bob', 'admin', 'alice')])
        .when(changeRole('alice', 'teamMember', 'bob'))
        .then([granted('alice', 'teamMember', 'bob')]);
    });
  });

  describe('removing a member', () => {
    const team = [creator, granted('bob', 'teamMember', 'alice')];

    it('given a team member, when an admin removes them, then the revocation names who revoked it', () => {
      spec(membershipDecider).given(team).when(remove('bob', 'alice')).then([revoked('bob', 'alice')]);
    });

    it('given an admin, when they remove themselves, then 403 "You cannot remove yourself"', () => {
      spec(membershipDecider).given(team).when(remove('alice', 'alice')).thenThrows('Forbidden', 'You cannot remove yourself');
    });

    it('given someone not in the team, when they are removed, then 404 "User not found"', () => {
      spec(membershipDecider).given(team).when(remove('carol', 'alice')).thenThrows('NotFound', 'User not found');
    });

    it('given the only admin, when an API key removes them, then 409', () => {
      spec(membershipDecider).given(team).when(remove('alice', 'apikey:k1')).thenThrows('Conflict', 'The last admin cannot be removed or demoted');
    });

    it('given a removed member, when they are added again, then they are a member once more', () => {
      spec(membershipDecider).given([...team, revoked('bob', 'alice')]).when(add('bob', 'admin', 'alice')).then([granted('bob', 'admin', 'alice')]);
    });
  });
});
