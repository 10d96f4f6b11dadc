export * from './subgraph';
export { contextFromRequest, REQUEST_ID_HEADER } from './context';
export { formatGraphQLError, hardenedServerOptions, internalErrorMessage, type GraphQLHardening } from './errors';
export { defaultQueryLimits, measureDocument, QUERY_TOO_COMPLEX, queryLimitMessages, queryLimitRefusal, queryLimits, type QueryLimits, type QuerySize } from './limits';
