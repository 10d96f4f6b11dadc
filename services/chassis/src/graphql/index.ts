export * from './subgraph';
export { contextFromRequest, REQUEST_ID_HEADER } from './context';
