export * from './RemoteBoundary';
export * from './runtime-check';
export * from './ComingSoon';
export * from './standalone';
