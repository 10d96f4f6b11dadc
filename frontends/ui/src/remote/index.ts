export * from './RemoteBoundary';
export * from './runtime-check';
