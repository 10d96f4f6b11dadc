// The dashboard frame of merchants and venues. Not in the package barrel (it pulls in the auth
// screens and antd's switch): import from '@seatside/ui/src/frame' inside a <UiProvider>.
export { DashboardFrame, tenantPath, useTenantCard, type FrameCollection, type FrameSection, type FrameTenant } from './DashboardFrame';
export { frameIcons, StrokeIcon } from './icons';
export { frameMessages } from './messages';
export { venueRoles, venueSections } from './venue-sections';
