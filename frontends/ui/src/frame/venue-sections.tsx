import type { FrameSection } from './DashboardFrame';
import { frameIcons } from './icons';

/** Seed 002 §5: a venue's dashboard: home, tags, templates and settings. */
export const venueSections: readonly FrameSection[] = [
  { path: '', label: 'Home', icon: frameIcons.home },
  { path: 'tags', label: 'Tags', icon: frameIcons.tags },
  { path: 'templates', label: 'Templates', icon: frameIcons.templates },
  { path: 'settings', label: 'Settings', icon: frameIcons.settings },
];
