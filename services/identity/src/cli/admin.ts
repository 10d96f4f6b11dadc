import { randomUUID } from 'node:crypto';
import { createPgEventStore, createPgReadModelStore, quoteSchema } from '@seatside/chassis';
import type { Pool } from 'pg';
import { identityPublications } from '../published';
import { createUserDirectory } from '../users/directory';

export type AdminAction = 'grant' | 'revoke';
export type AdminCommand = { action: AdminAction; email: string };

export const ADMIN_CLI_GRANTOR = 'cli';
export const adminUsage = 'usage: npm run admin -- grant <email> | revoke <email>';

export const adminCliMessages = {
  granted: (email: string) => `Granted the admin claim to ${email}`,
  revoked: (email: string) => `Revoked the admin claim from ${email}`,
  noAccount: (email: string) => `No account with the email ${email}`,
};

export class AdminCliError extends Error {}

/** `grant <email>` or `revoke <email>`; anything else is a usage error. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [action, email, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) throw new AdminCliError(adminUsage);
  return { action, email: email.trim() };
}

/**
 * Grants or revokes the platform admin claim through the user directory (so the event, by 'cli',
 * and the read model change together). Answers the line to print; an unknown e-mail throws.
 */
export async function runAdminCommand(pool: Pool, schema: string, command: AdminCommand, now: () => Date = () => new Date()): Promise<string> {
  const { rows } = await pool.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [`${quoteSchema(schema)}.email_claims`]);
  // An identity schema that was never migrated has no accounts at all.
  if (!rows[0]?.table) throw new AdminCliError(adminCliMessages.noAccount(command.email));
  // With identity's publications, as the service appends: other services learn of admins from its
  // published stream (the notifications service notifies every admin).
  const eventStore = createPgEventStore({ pool, schema, publications: identityPublications });
  try {
    const users = createUserDirectory({ pool, schema, eventStore, readModels: createPgReadModelStore({ pool, schema }), now, newId: randomUUID });
    const user = await users.findByEmail(command.email);
    if (!user) throw new AdminCliError(adminCliMessages.noAccount(command.email));
    const data = { uid: user.id, by: ADMIN_CLI_GRANTOR, at: now().toISOString() };
    const metadata = { actorId: ADMIN_CLI_GRANTOR };
    if (command.action === 'grant') {
      await users.run(user.id, { type: 'GrantPlatformAdmin', data }, metadata);
      return adminCliMessages.granted(command.email);
    }
    await users.run(user.id, { type: 'RevokePlatformAdmin', data }, metadata);
    return adminCliMessages.revoked(command.email);
  } finally {
    await eventStore.close();
  }
}
