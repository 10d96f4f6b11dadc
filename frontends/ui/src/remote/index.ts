export * from './RemoteBoundary';
export * from './runtime-check';
export * from './standalone';
