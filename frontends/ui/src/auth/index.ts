// Sign-in, session and guards, shared by the dashboard, admin and venue remotes. Not in the package
// barrel (it pulls in antd): import from '@seatside/ui/src/auth' inside a <UiProvider>.
export * from './session';
export * from './me';
export * from './messages';
export * from './flash';
export * from './LoginForm';
export * from './SignOutButton';
export * from './guards';
export { SUBMIT_DELAY_MS, applyServerErrors, pause, serverMessage, statusOf } from './form-errors';
