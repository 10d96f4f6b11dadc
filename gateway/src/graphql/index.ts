import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { contextFromRequest, hardenedServerOptions, landingPagePlugins, queryLimits, type QueryLimits } from '@seatside/chassis/src/graphql';
import express, { type Request, type RequestHandler } from 'express';
import { dataSourceFor, type GatewayContext, type SubgraphTarget } from './data-sources';

export { dataSourceFor, forwardedHeaders, subgraphContext } from './data-sources';
export type { GatewayContext, SubgraphTarget } from './data-sources';

export interface GraphQLGatewayOptions {
  /** Supergraph SDL composed at build time (`npm run supergraph`); never fetched or polled. */
  supergraphSdl: string;
  /** Every subgraph named in the supergraph, by name. */
  subgraphs: Record<string, SubgraphTarget>;
  /** Hides the landing page and introspection. Defaults from NODE_ENV. */
  production?: boolean;
  /** Introspection (GRAPHQL_INTROSPECTION): unset, off in production and on elsewhere. */
  introspection?: boolean;
  /** The size a request may have (depth, fields, aliases, tokens); defaultQueryLimits unless said. */
  limits?: QueryLimits;
}

export interface GraphQLGateway {
  /** Mount where GraphQL is served, e.g. `app.use('/graphql', handler)`, after authentication. */
  handler: RequestHandler;
  stop(): Promise<void>;
}

export function gatewayContextFromRequest(req: Request): GatewayContext {
  return { ...contextFromRequest(req), authorization: req.get('authorization') };
}

/** The federated GraphQL endpoint over the static supergraph, wired to local or remote subgraphs. */
export async function createGraphQLGateway(options: GraphQLGatewayOptions): Promise<GraphQLGateway> {
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name }) => dataSourceFor(name, options.subgraphs),
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    plugins: landingPagePlugins(options),
    // The process owns shutdown through stop(); Apollo's signal handler would re-raise the signal.
    stopOnTerminationSignals: false,
    // No stack traces, file paths or subgraph internals in answers; introspection off in production.
    ...hardenedServerOptions(options),
  });
  await server.start();
  const graphql = expressMiddleware(server, { context: async ({ req }) => gatewayContextFromRequest(req) });
  return {
    // express.json() is a no-op when the app already parsed the body. An oversized query is a 400
    // before Apollo validates, plans or fetches anything.
    handler: express.Router().use(express.json(), queryLimits(options.limits), graphql),
    stop: () => server.stop(),
  };
}
