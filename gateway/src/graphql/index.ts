import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { contextFromRequest, landingPagePlugins } from '@seatside/chassis/src/graphql';
import express, { type Request, type RequestHandler } from 'express';
import { dataSourceFor, type GatewayContext, type SubgraphTarget } from './data-sources';

export { dataSourceFor, forwardedHeaders, subgraphContext } from './data-sources';
export type { GatewayContext, SubgraphTarget } from './data-sources';

export interface GraphQLGatewayOptions {
  /** Supergraph SDL composed at build time (`npm run supergraph`); never fetched or polled. */
  supergraphSdl: string;
  /** Every subgraph named in the supergraph, by name. */
  subgraphs: Record<string, SubgraphTarget>;
  /** Hides the landing page. Defaults from NODE_ENV, as Apollo does for introspection. */
  production?: boolean;
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
  });
  await server.start();
  const graphql = expressMiddleware(server, { context: async ({ req }) => gatewayContextFromRequest(req) });
  return {
    // express.json() is a no-op when the app already parsed the body.
    handler: express.Router().use(express.json(), graphql),
    stop: () => server.stop(),
  };
}
