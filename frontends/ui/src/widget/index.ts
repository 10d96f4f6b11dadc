// The launcher (SupportWidget) is deep-imported by the shell, the one place that renders it; the
// shared package carries only the panel's loader, so the panel's calls use the shared API client.
export type { SupportWidgetProps, WidgetPanelLoader } from './SupportWidget';
export type { StaffMember } from './content';

/** The support widget's open panel, a lazily loaded chunk (SupportWidget's `loadPanel`). */
export const loadWidgetPanel = () => import('./WidgetPanel');
