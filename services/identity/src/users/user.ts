import { conflict, notFound, type Decider } from '@seatside/chassis';

export const userMessages = {
  notFound: 'Error, perhaps no account exists',
  emailInUse: 'The email address is already in use by another account.',
} as const;

/** How the account was first made. */
export type Provider = 'password' | 'google' | 'invite' | 'emailLink';

export type Registration = {
  uid: string;
  email: string;
  /** scrypt hash (passwords.ts); null for accounts without a password yet (Google, invited). */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  displayName: string;
  provider: Provider;
  emailVerified: boolean;
  googleSub?: string;
  at: string;
};

export type UserEvent =
  | { type: 'UserRegistered'; data: Registration }
  | { type: 'PasswordChanged'; data: { uid: string; passwordHash: string; at: string } }
  | { type: 'EmailChanged'; data: { uid: string; email: string; previousEmail: string; at: string } }
  | { type: 'EmailVerified'; data: { uid: string; at: string } }
  | { type: 'ProfileUpdated'; data: { uid: string; firstName: string; lastName: string; phone: string; at: string } }
  | { type: 'DisplayNameChanged'; data: { uid: string; displayName: string; at: string } }
  | { type: 'PhotoChanged'; data: { uid: string; photoURL: string; at: string } }
  | { type: 'GoogleLinked'; data: { uid: string; googleSub: string; at: string } }
  | { type: 'PlatformAdminGranted'; data: { uid: string; by: string; at: string } }
  | { type: 'PlatformAdminRevoked'; data: { uid: string; by: string; at: string } };

export type UserCommand =
  | { type: 'RegisterUser'; data: Registration }
  | { type: 'ChangePassword'; data: { uid: string; passwordHash: string; at: string } }
  | { type: 'ChangeEmail'; data: { uid: string; email: string; at: string } }
  | { type: 'VerifyEmail'; data: { uid: string; at: string } }
  | { type: 'UpdateProfile'; data: { uid: string; firstName: string; lastName: string; phone: string; at: string } }
  | { type: 'ChangeDisplayName'; data: { uid: string; displayName: string; at: string } }
  | { type: 'ChangePhoto'; data: { uid: string; photoURL: string; at: string } }
  | { type: 'LinkGoogle'; data: { uid: string; googleSub: string; at: string } }
  | { type: 'GrantPlatformAdmin'; data: { uid: string; by: string; at: string } }
  | { type: 'RevokePlatformAdmin'; data: { uid: string; by: string; at: string } };

export type UserState =
  | { status: 'none' }
  | {
      status: 'active';
      email: string;
      passwordHash: string | null;
      emailVerified: boolean;
      admin: boolean;
      googleSub?: string;
    };

/** Accounts: one stream per user. E-mail uniqueness is kept by the projection (email_claims). */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none') throw conflict(userMessages.emailInUse);
      return [{ type: 'UserRegistered', data: command.data }];
    }
    if (state.status !== 'active') throw notFound(userMessages.notFound);
    switch (command.type) {
      case 'ChangePassword':
        return [{ type: 'PasswordChanged', data: command.data }];
      case 'ChangeEmail':
        if (command.data.email === state.email) return [];
        return [{ type: 'EmailChanged', data: { ...command.data, previousEmail: state.email } }];
      case 'VerifyEmail':
        return state.emailVerified ? [] : [{ type: 'EmailVerified', data: command.data }];
      case 'UpdateProfile':
        return [{ type: 'ProfileUpdated', data: command.data }];
      case 'ChangeDisplayName':
        return [{ type: 'DisplayNameChanged', data: command.data }];
      case 'ChangePhoto':
        return [{ type: 'PhotoChanged', data: command.data }];
      case 'LinkGoogle':
        return state.googleSub === command.data.googleSub ? [] : [{ type: 'GoogleLinked', data: command.data }];
      case 'GrantPlatformAdmin':
        return state.admin ? [] : [{ type: 'PlatformAdminGranted', data: command.data }];
      case 'RevokePlatformAdmin':
        return state.admin ? [{ type: 'PlatformAdminRevoked', data: command.data }] : [];
    }
  },
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const { email, passwordHash, emailVerified, googleSub } = event.data;
      return { status: 'active', email, passwordHash, emailVerified, admin: false, ...(googleSub ? { googleSub } : {}) };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'PasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'EmailChanged':
        return { ...state, email: event.data.email, emailVerified: false };
      case 'EmailVerified':
        return { ...state, emailVerified: true };
      case 'GoogleLinked':
        return { ...state, googleSub: event.data.googleSub };
      case 'PlatformAdminGranted':
        return { ...state, admin: true };
      case 'PlatformAdminRevoked':
        return { ...state, admin: false };
      default:
        return state;
    }
  },
};

export const userStream = (uid: string) => `user-${uid}`;
