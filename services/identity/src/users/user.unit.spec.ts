import { spec } from '@seatside/chassis/src/testkit/decider';
import { userDecider, type Registration, type UserEvent } from './user';

const at = '2026-11-22T12:00:00.000Z';
const registration: Registration = {
  uid: 'u1', email: 'ada@example.com', passwordHash: 'scrypt$4$8$s$h', firstName: 'Ada', lastName: '', displayName: 'Ada',
  provider: 'password', emailVerified: false, at,
};
const registered: UserEvent = { type: 'UserRegistered', data: registration };

describe('user decider', () => {
  it('given nothing, when registering, then UserRegistered', () => {
    spec(userDecider).given([]).when({ type: 'RegisterUser', data: registration }).then([registered]);
  });
  it('given a registered user, when registering again, then 409 with the spec message', () => {
    spec(userDecider).given([registered]).when({ type: 'RegisterUser', data: registration }).thenThrows('Conflict', 'The email address is already in use by another account.');
  });
  it('given no user, when changing anything, then 404 "Error, perhaps no account exists"', () => {
    spec(userDecider).given([]).when({ type: 'ChangeDisplayName', data: { uid: 'u1', displayName: 'X', at } }).thenThrows('NotFound', 'Error, perhaps no account exists');
  });
  it('given the same email, when changing it, then nothing; given another, then EmailChanged with the previous one', () => {
    spec(userDecider).given([registered]).when({ type: 'ChangeEmail', data: { uid: 'u1', email: 'ada@example.com', at } }).then([]);
    spec(userDecider).given([registered]).when({ type: 'ChangeEmail', data: { uid: 'u1', email: 'new@example.com', at } })
      .then([{ type: 'EmailChanged', data: { uid: 'u1', email: 'new@example.com', previousEmail: 'ada@example.com', at } }]);
  });
  it('given a verified email, when verifying again, then nothing; after an email change it can be verified again', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { uid: 'u1', at } };
    spec(userDecider).given([registered, verified]).when({ type: 'VerifyEmail', data: { uid: 'u1', at } }).then([]);
    const changed: UserEvent = { type: 'EmailChanged', data: { uid: 'u1', email: 'b@example.com', previousEmail: 'ada@example.com', at } };
    spec(userDecider).given([registered, verified, changed]).when({ type: 'VerifyEmail', data: { uid: 'u1', at } }).then([verified]);
  });
  it('given an admin, when granting again, then nothing; when revoking, then PlatformAdminRevoked; a non-admin revoke is nothing', () => {
    const granted: UserEvent = { type: 'PlatformAdminGranted', data: { uid: 'u1', by: 'cli', at } };
    spec(userDecider).given([registered]).when({ type: 'GrantPlatformAdmin', data: { uid: 'u1', by: 'cli', at } }).then([granted]);
    spec(userDecider).given([registered, granted]).when({ type: 'GrantPlatformAdmin', data: { uid: 'u1', by: 'ADMIN_EMAILS', at } }).then([]);
    spec(userDecider).given([registered, granted]).when({ type: 'RevokePlatformAdmin', data: { uid: 'u1', by: 'cli', at } })
      .then([{ type: 'PlatformAdminRevoked', data: { uid: 'u1', by: 'cli', at } }]);
    spec(userDecider).given([registered]).when({ type: 'RevokePlatformAdmin', data: { uid: 'u1', by: 'cli', at } }).then([]);
  });
});
