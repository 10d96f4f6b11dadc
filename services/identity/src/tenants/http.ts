import { Router, type Request } from 'express';
import { z } from 'zod';
import { metadataFrom, parseInput, parseListQuery, requiredText, requirePrincipal, type EventMetadata, TEXT_MAX } from '@seatside/chassis';
import { TEAM_ROLE_LABELS } from '@seatside/rules';
import type { IdentityContext, Tenancy } from '../context';
import type { UserDoc } from '../users/projections';
import { givable, membershipMessages as m, tenantRoles, type MembershipCommand, type TenantCollection, type TenantRole } from './membership';
import { tenants, type TenantDoc } from './catalog';
import { memberships, tenantKey, type MembershipDoc } from './projections';
import { tenantParams } from './params';

/** A missing or blank role is 'Required'; a role that was given but is not one of ours is not a valid choice. */
const roleMessage = (input: unknown) => (input === undefined || input === null || input === '' ? m.required : m.invalidRole);
const role = z.enum(tenantRoles, { error: (issue) => roleMessage(issue.input) });
const addUser = z.object({
  firstName: requiredText(m.required).max(TEXT_MAX.name),
  lastName: requiredText(m.required).max(TEXT_MAX.name),
  email: requiredText(m.emailRequired).max(TEXT_MAX.email).pipe(z.email({ error: m.invalidEmail })),
  role,
});
const setRole = z.object({ role });

/** The schemas the team-user routes validate with, for the OpenAPI document (src/openapi.ts). */
export const teamUserSchemas = { addUser, setRole };

/** A row of the Users screen. */
export type TeamUser = { uid: string; firstName: string; lastName: string; email: string; admin: boolean; role: TenantRole };

export type RunMembership = (collection: TenantCollection, tenantId: string, command: MembershipCommand, metadata: EventMetadata) => Promise<unknown>;

type Deps = Pick<IdentityContext, 'deps' | 'options' | 'users' | 'codes' | 'mailer'> & { tenancy: Tenancy; run: RunMembership };

/**
 * Team users (docs/identity-api.md "Team users"): members list, admins change. Team users are
 * production data, so a sandbox key is refused on every route here; a production key may list.
 */
export function teamUsersRouter({ deps, options, users, codes, mailer, tenancy, run }: Deps): Router {
  const router = Router();
  tenantParams(router);
  /** Admins change the team, and only signed in: an API key may list it but never change it (TenantNeed.managesAccess). */
  const authorize = (req: Request, role: 'admin' | 'member') => {
    const { collection, id } = req.params as { collection: TenantCollection; id: string };
    return tenancy.authorize(req.principal, { collection, id, role, mode: 'production', managesAccess: role === 'admin' });
  };
  const tenantOf = (req: Request) => req.params as { collection: TenantCollection; id: string };
  const metadataOf = (req: Request) => metadataFrom(req, { tenantId: tenantOf(req).id, tenantCollection: tenantOf(req).collection });

  /**
   * Mails the person added: which team, as what, and who added them. A new account gets its sign-in
   * link; an existing one, the dashboard's address (it signs in as it always does). A mail failure
   * leaves the account and membership in place.
   */
  async function announce(user: UserDoc, team: { collection: TenantCollection; id: string; role: TenantRole; by: string }, isNew: boolean): Promise<void> {
    try {
      const tenant = await deps.readModels.collection<TenantDoc>(tenants).get(tenantKey(team.collection, team.id));
      const inviter = await users.get(team.by);
      const teamName = tenant?.name || 'a team';
      const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : undefined;
      const addedBy = inviterName ? `${inviterName} added you` : 'You were added';
      const added = `Hello ${user.firstName},\n\n${addedBy} to ${teamName} on Seatside as ${TEAM_ROLE_LABELS[team.role]}.`;
      let link: string;
      let text: string;
      if (isNew) {
        const code = await codes.issue({ mode: 'signIn', email: user.email, uid: user.id });
        link = `${options.publicUrl}/auth/action?mode=signIn&oobCode=${encodeURIComponent(code)}&email=${encodeURIComponent(user.email)}`;
        text = `${added} Sign in with this link (valid for one hour):\n${link}\n`;
      } else {
        link = `${options.publicUrl}/dashboard`;
        text = `${added} Sign in as you always do to find it in your dashboard:\n${link}\n`;
      }
      await mailer.send({ to: user.email, subject: `You were added to ${teamName} on Seatside`, text, links: [link] });
    } catch (err) {
      deps.logger.warn({ err, uid: user.id }, 'could not mail the person added to a team');
    }
  }

  router.get('/v1/:collection/:id/users', async (req, res) => {
    await authorize(req, 'member');
    const { collection, id } = tenantOf(req);
    const { limit, cursor } = parseListQuery(req.query);
    const page = await deps.readModels.collection<MembershipDoc>(memberships).find({ filter: { tenant: tenantKey(collection, id) }, sort: 'createdAt', order: 'asc', limit, cursor });
    const rows: TeamUser[] = [];
    for (const member of page.data) {
      const user = await users.get(member.uid);
      if (!user) continue;
      rows.push({ uid: member.uid, firstName: user.firstName, lastName: user.lastName, email: user.email, admin: member.role === 'admin', role: member.role });
    }
    res.json({ data: rows, nextCursor: page.nextCursor, total: page.total });
  });

  router.post('/v1/:collection/:id/users/add', async (req, res) => {
    await authorize(req, 'admin');
    const { firstName, lastName, email, role: newRole } = parseInput(addUser, req.body ?? {});
    const { collection, id } = tenantOf(req);
    // Refused before an invited account is made for it (the decider refuses it too).
    givable(collection, newRole);
    const metadata = metadataOf(req);
    const existing = await users.findByEmail(email);
    const user =
      existing ?? (await users.register({ email, passwordHash: null, firstName, lastName, displayName: firstName, provider: 'invite', emailVerified: false }, metadata));
    const by = requirePrincipal(req).uid;
    await run(collection, id, { type: 'AddMember', data: { collection, tenantId: id, uid: user.id, role: newRole, by, at: deps.now().toISOString() } }, metadata);
    await announce(user, { collection, id, role: newRole, by }, !existing);
    res.status(201).json({ uid: user.id, message: m.added });
  });

  router.post('/v1/:collection/:id/users/:uid/set-role', async (req, res) => {
    await authorize(req, 'admin');
    const { role: newRole } = parseInput(setRole, req.body ?? {});
    const { collection, id } = tenantOf(req);
    const command: MembershipCommand = { type: 'ChangeRole', data: { collection, tenantId: id, uid: req.params.uid as string, role: newRole, by: requirePrincipal(req).uid, at: deps.now().toISOString() } };
    await run(collection, id, command, metadataOf(req));
    res.json({ message: m.roleUpdated });
  });

  router.delete('/v1/:collection/:id/users/:uid', async (req, res) => {
    await authorize(req, 'admin');
    const { collection, id } = tenantOf(req);
    const command: MembershipCommand = { type: 'RemoveMember', data: { collection, tenantId: id, uid: req.params.uid as string, by: requirePrincipal(req).uid, at: deps.now().toISOString() } };
    await run(collection, id, command, metadataOf(req));
    res.json({ message: m.removed });
  });

  return router;
}
