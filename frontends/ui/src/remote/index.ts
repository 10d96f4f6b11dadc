export * from './RemoteBoundary';
export * from './runtime-check';
export * from './PageNotFound';
export * from './standalone';
