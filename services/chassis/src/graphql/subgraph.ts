import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type RequestHandler } from 'express';
import { print, type DocumentNode, type GraphQLSchema } from 'graphql';
import { contextFromRequest, type GraphQLContext } from './context';
import { hardenedServerOptions, type GraphQLHardening } from './errors';
import { queryLimits, type QueryLimits } from './limits';

export type { GraphQLContext } from './context';

/** A service's Federation 2 subgraph: its SDL and the resolvers bound to its dependencies. */
export interface SubgraphDefinition {
  name: string;
  typeDefs: DocumentNode;
  resolvers: GraphQLResolverMap<GraphQLContext>;
}

export interface GraphQLServeOptions extends GraphQLHardening {
  /** Hides the landing page and introspection. Defaults from NODE_ENV. */
  production?: boolean;
  /** The size a request may have; defaultQueryLimits unless said. */
  limits?: QueryLimits;
}

export function buildSubgraph(def: SubgraphDefinition): GraphQLSchema {
  return buildSubgraphSchema([{ typeDefs: def.typeDefs, resolvers: def.resolvers }]);
}

/** The subgraph's SDL as composition reads it. */
export function printSubgraphSdl(def: SubgraphDefinition): string {
  return print(def.typeDefs);
}

export function landingPagePlugins(options: GraphQLServeOptions): ApolloServerPlugin[] {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  return production ? [ApolloServerPluginLandingPageDisabled()] : [];
}

/**
 * Serves a subgraph over HTTP for the distributed topology, where the gateway posts to the
 * service's `/graphql`. Mount it after the service's auth middleware so `req.principal` is set from
 * the `authorization` header the gateway forwards.
 */
export async function subgraphMiddleware(
  def: SubgraphDefinition,
  options: GraphQLServeOptions = {},
): Promise<RequestHandler> {
  const server = new ApolloServer<GraphQLContext>({
    schema: buildSubgraph(def),
    // Tracing goes through OpenTelemetry; inline traces only serve Apollo Studio reporting.
    plugins: [ApolloServerPluginInlineTraceDisabled(), ...landingPagePlugins(options)],
    // The process owns shutdown; Apollo's own signal handler would re-raise the signal mid-drain.
    stopOnTerminationSignals: false,
    // No stack traces or internal messages in answers; introspection off in production.
    ...hardenedServerOptions(options),
  });
  await server.start();
  const graphql = expressMiddleware(server, { context: async ({ req }) => contextFromRequest(req) });
  // express.json() is a no-op when the app already parsed the body; oversized queries stop before Apollo.
  return express.Router().use(express.json(), queryLimits(options.limits), graphql);
}
