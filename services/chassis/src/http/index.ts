export * from './app';
export * from './context';
export * from './health';
export * from './listen';
export * from './problem';
export * from './validate';
export * from './metadata';
export * from './list';
