import { conflict, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore, type Tx } from '@seatside/chassis';
import { userMessages, type Provider, type UserEvent } from './user';

export const users: CollectionSpec = {
  name: 'users',
  sortable: ['createdAt', 'emailLower', 'displayName', 'emailVerified'],
  searchable: ['emailLower', 'displayName'],
  filterable: ['emailLower'],
  // The admin users table shows the total on every page: a maintained count, not a scan of every account.
  counted: true,
};

/** The account's token generation (0 for accounts from before generations). */
export const generationOf = (user: Pick<UserDoc, 'generation'> | null | undefined): number => user?.generation ?? 0;

/** Password hashes apart from the profile, so no profile read ever carries one. */
export const credentials: CollectionSpec = { name: 'credentials' };

/** The account as the API shows it (never the password hash). */
export type UserDoc = {
  id: string;
  email: string;
  emailLower: string;
  displayName: string;
  photoURL: string | null;
  emailVerified: boolean;
  admin: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  provider: Provider;
  hasPassword: boolean;
  /**
   * Raised by every password or e-mail change and by the admin claim's revocation: access tokens
   * carry the generation they were issued at, and older ones are refused everywhere (absent on
   * accounts made before it existed: 0).
   */
  generation?: number;
  createdAt: string;
  updatedAt: string;
};

export type CredentialDoc = { id: string; passwordHash: string };

/** One row per e-mail (lower-cased): two accounts on one address cannot both commit. */
export const emailClaims = (schema: string) => uniqueClaims(schema, 'email_claims');

async function claimEmail(tx: Tx, schema: string, email: string, uid: string): Promise<void> {
  if (!(await emailClaims(schema).claim(tx, email.toLowerCase(), uid))) throw conflict(userMessages.emailInUse);
}

export const projectUsers =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events, tx) => {
    const profiles = readModels.collection<UserDoc>(users, tx);
    const secrets = readModels.collection<CredentialDoc>(credentials, tx);
    const nextGeneration = async (uid: string) => generationOf(await profiles.get(uid)) + 1;
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as UserEvent;
      const { uid, at } = event.data;
      switch (event.type) {
        case 'UserRegistered': {
          const { email, passwordHash, firstName, lastName, displayName, provider, emailVerified } = event.data;
          await claimEmail(tx, schema, email, uid);
          await profiles.put({
            id: uid, email, emailLower: email.toLowerCase(), displayName, photoURL: null, emailVerified, admin: false,
            firstName, lastName, phone: '', provider, hasPassword: passwordHash !== null, generation: 0, createdAt: at, updatedAt: at,
          });
          if (passwordHash) await secrets.put({ id: uid, passwordHash });
          break;
        }
        case 'PasswordChanged':
          await secrets.put({ id: uid, passwordHash: event.data.passwordHash });
          await profiles.patch(uid, { hasPassword: true, generation: await nextGeneration(uid), updatedAt: at });
          break;
        case 'EmailChanged':
          await claimEmail(tx, schema, event.data.email, uid);
          if (event.data.previousEmail.toLowerCase() !== event.data.email.toLowerCase()) {
            await emailClaims(schema).release(tx, event.data.previousEmail.toLowerCase(), uid);
          }
          await profiles.patch(uid, {
            email: event.data.email, emailLower: event.data.email.toLowerCase(), emailVerified: false, generation: await nextGeneration(uid), updatedAt: at,
          });
          break;
        case 'EmailVerified':
          await profiles.patch(uid, { emailVerified: true, updatedAt: at });
          break;
        case 'ProfileUpdated':
          await profiles.patch(uid, { firstName: event.data.firstName, lastName: event.data.lastName, phone: event.data.phone, updatedAt: at });
          break;
        case 'DisplayNameChanged':
          await profiles.patch(uid, { displayName: event.data.displayName, updatedAt: at });
          break;
        case 'PhotoChanged':
          await profiles.patch(uid, { photoURL: event.data.photoURL, updatedAt: at });
          break;
        case 'GoogleLinked':
          await profiles.patch(uid, { updatedAt: at });
          break;
        case 'PlatformAdminGranted':
          await profiles.patch(uid, { admin: true, updatedAt: at });
          break;
        case 'PlatformAdminRevoked':
          // Earlier tokens carry the claim: they end with the generation (accounts/revoke.ts), not at their expiry.
          await profiles.patch(uid, { admin: false, generation: await nextGeneration(uid), updatedAt: at });
          break;
      }
    }
  };
