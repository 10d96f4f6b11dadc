// @seatside/ui: the shared design system. One export line per folder or module; other folders
// (layout, widget, cookies, update) append theirs below.
export * from './theme';
export * from './UiProvider';
export * from './api';
export * from './session';
export * from './alerts';
export * from './remote';
export * from './layout';
export * from './widget';
export * from './cookies';
export * from './update';
