import { handleCommand, type EventMetadata, type ServiceDeps } from '@seatside/chassis';
import type { TokenSubject } from '../tokens';
import { credentials, emailClaims, generationOf, projectUsers, users, type CredentialDoc, type UserDoc } from './projections';
import { userDecider, userStream, type Registration, type UserCommand } from './user';

/** Accounts as the rest of the identity service uses them: reads from the read model, writes as commands. */
export interface UserDirectory {
  get(uid: string): Promise<UserDoc | null>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<UserDoc | null>;
  passwordHashOf(uid: string): Promise<string | null>;
  /** Creates the account; 409 'The email address is already in use by another account.' when taken. */
  register(registration: Omit<Registration, 'uid' | 'at'>, metadata?: EventMetadata): Promise<UserDoc>;
  /** Runs a command on one user's stream, projecting in the same transaction. */
  run(uid: string, command: UserCommand, metadata?: EventMetadata): Promise<void>;
  /** What an access token carries for this user. */
  subjectOf(user: UserDoc): TokenSubject;
}

/** What the directory needs of a service's deps (the admin CLI builds just these). */
export type UserDirectoryDeps = Pick<ServiceDeps, 'pool' | 'schema' | 'eventStore' | 'readModels' | 'now' | 'newId'>;

export function createUserDirectory(deps: UserDirectoryDeps): UserDirectory {
  const project = projectUsers(deps.readModels, deps.schema);
  const profiles = () => deps.readModels.collection<UserDoc>(users);
  const directory: UserDirectory = {
    get: (uid) => profiles().get(uid),
    async findByEmail(email) {
      const uid = await emailClaims(deps.schema).ownerOf(deps.pool, email.trim().toLowerCase());
      return uid ? profiles().get(uid) : null;
    },
    async passwordHashOf(uid) {
      return (await deps.readModels.collection<CredentialDoc>(credentials).get(uid))?.passwordHash ?? null;
    },
    async register(registration, metadata) {
      const uid = deps.newId();
      const data: Registration = { ...registration, uid, at: deps.now().toISOString() };
      await directory.run(uid, { type: 'RegisterUser', data }, metadata);
      return (await profiles().get(uid))!;
    },
    async run(uid, command, metadata) {
      await handleCommand(deps.eventStore, userStream(uid), userDecider, command, { metadata: { ...metadata, actorId: metadata?.actorId ?? uid }, inline: [project] });
    },
    subjectOf: (user) => ({ uid: user.id, email: user.email, claims: user.admin ? { admin: true } : {}, generation: generationOf(user) }),
  };
  return directory;
}

export const usersMigrations = (schema: string) => [emailClaims(schema).migration];
