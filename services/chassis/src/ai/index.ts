export * from './config';
export * from './port';
