import type { FrameSection } from './DashboardFrame';
import { frameIcons } from './icons';

/** Seed 002 §5: a venue's dashboard: home, tags, templates and settings; 'Visit Venue' (/{handle}) for admins only. */
export const venueSections: readonly FrameSection[] = [
  { path: '', label: 'Home', icon: frameIcons.home },
  { path: 'tags', label: 'Tags', icon: frameIcons.tags },
  { path: 'templates', label: 'Templates', icon: frameIcons.templates },
  { path: 'settings', label: 'Settings', icon: frameIcons.settings },
  { path: '', label: 'Visit Venue', icon: frameIcons.visit, adminOnly: true, href: (card) => (card?.handle ? `/${card.handle}` : undefined) },
];

/** Seed 002 §6: the role each venue section needs (admin covers it; the admin claim passes all). */
export const venueRoles = { home: 'teamMember', tags: 'teamMember', templates: 'teamMember', settings: 'admin' } as const;
