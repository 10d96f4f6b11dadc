/**
 * A tenant's team roles as people read them: the dashboard's Users screen and the identity service's
 * invitation mail say the same words.
 */
export const TEAM_ROLE_LABELS = { admin: 'Admin', teamMember: 'Team Member', runner: 'Runner' } as const;

export type TeamRoleName = keyof typeof TEAM_ROLE_LABELS;

/** Every team role, as the labels name them. */
export const TEAM_ROLES = Object.keys(TEAM_ROLE_LABELS) as TeamRoleName[];

/**
 * The roles a team may give, by the kind of tenant: a runner carries orders from a merchant's kitchen
 * to the seats, so only a merchant's team has runners (spec 002 §6 names teamMember and admin).
 */
export function teamRolesOf(collection: string): readonly TeamRoleName[] {
  return collection === 'merchants' ? TEAM_ROLES : TEAM_ROLES.filter((role) => role !== 'runner');
}

/** Our wording: a role that the tenant's kind of team does not have (a runner on a venue's team). */
export const TEAM_ROLE_UNAVAILABLE = 'This role is not available on this team';
