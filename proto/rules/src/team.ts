/**
 * A tenant's team roles as people read them: the dashboard's Users screen and the identity service's
 * invitation mail say the same words.
 */
export const TEAM_ROLE_LABELS = { admin: 'Admin', teamMember: 'Team Member', runner: 'Runner' } as const;
