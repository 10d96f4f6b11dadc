// @seatside/ui: the shared design system. One export line per folder or module; other folders
// (layout, widget) append theirs below. The app-wide overlays (SupportWidget, CookieNotice,
// UpdatePrompt) and the location helpers are deep-imported by the shell instead
// (`@seatside/ui/src/...`), so this shared package - which every remote but the storefront loads -
// does not carry them, and the storefront's first visit does not load this package at all.
export * from './theme';
export * from './UiProvider';
export * from './api';
export * from './session';
export * from './alerts';
export * from './remote';
export * from './layout';
export * from './widget';
