// Pure rules shared by services and frontends (docs/ARCHITECTURE.md, "One rule, one place"):
// nothing here does I/O or imports another package.
export * from './errors';
export * from './clock';
export * from './money';
export * from './request-log';
export * from './checkout-options';
export * from './order-actions';
export * from './email';
export * from './contact';
export * from './page';
export * from './team';
export * from './preview';
