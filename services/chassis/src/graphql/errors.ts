import type { GraphQLFormattedError } from 'graphql';
import { isDomainError, type ErrorKind } from '../errors';
import { QUERY_TOO_COMPLEX } from './limits';

/** The code a domain error carries in GraphQL, so a gateway in front of a subgraph can pass it on. */
const codeOfKind: Record<ErrorKind, string> = {
  ValidationFailed: 'BAD_USER_INPUT',
  Unauthorized: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  Conflict: 'CONFLICT',
  PreconditionFailed: 'PRECONDITION_FAILED',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  ProviderFailed: 'PROVIDER_FAILED',
  Unavailable: 'UNAVAILABLE',
};

/** Codes whose message is written for the caller (the request's own fault, or a domain refusal). */
const callerCodes = new Set<string>([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'INTROSPECTION_DISABLED', QUERY_TOO_COMPLEX,
  ...Object.values(codeOfKind),
]);

/** What an unexpected error says (the REST problem's wording): its message may name files or internals. */
export const internalErrorMessage = 'Something went wrong, please try again';

/** The innermost cause of a GraphQL error (resolver errors and a gateway's downstream errors wrap theirs). */
function rootCause(error: unknown): unknown {
  let cause = error;
  for (let depth = 0; depth < 10 && cause && typeof cause === 'object' && 'originalError' in cause && cause.originalError; depth++) cause = cause.originalError;
  return cause;
}

/**
 * Every GraphQL error as the caller sees it: the message only when it was written for the caller
 * (a domain error, a refused query), else the generic one; `extensions` reduced to `code`, so no
 * stack trace, exception, service name or file path ever leaves, whatever NODE_ENV says. Locations and
 * the response path (which field failed) stay.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const cause = rootCause(error);
  const given = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : undefined;
  const code = isDomainError(cause) ? codeOfKind[cause.kind] : given && callerCodes.has(given) ? given : 'INTERNAL_SERVER_ERROR';
  const message = isDomainError(cause) ? cause.message : code === 'INTERNAL_SERVER_ERROR' ? internalErrorMessage : formatted.message;
  return {
    message,
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code },
  };
}

export interface GraphQLHardening {
  /** NODE_ENV=production unless said otherwise. */
  production?: boolean;
  /** Introspection; defaults to off in production and on elsewhere. */
  introspection?: boolean;
}

/** The ApolloServer options every Seatside GraphQL server takes: safe errors, introspection by mode. */
export function hardenedServerOptions(options: GraphQLHardening): {
  formatError: typeof formatGraphQLError;
  includeStacktraceInErrorResponses: false;
  introspection: boolean;
} {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  return {
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    introspection: options.introspection ?? !production,
  };
}
