export * from './client';
export * from './support';
