import {
  LocalGraphQLDataSource,
  RemoteGraphQLDataSource,
  type GraphQLDataSource,
  type GraphQLDataSourceProcessOptions,
} from '@apollo/gateway';
import { buildSubgraph, REQUEST_ID_HEADER, type GraphQLContext, type SubgraphDefinition } from '@seatside/chassis/src/graphql';

/** The gateway's per-request context: what subgraphs see, plus the credential to forward. */
export interface GatewayContext extends GraphQLContext {
  authorization?: string;
}

/** Where a subgraph runs: in this process, or behind a URL (its service's `POST /graphql`). */
export type SubgraphTarget = { local: SubgraphDefinition } | { url: string };

/**
 * Exactly what a service's own HTTP context would hold. A fresh object per fetch keeps the raw
 * credential away from resolvers and stops one subgraph's context writes reaching another, as
 * separate processes would.
 */
export function subgraphContext(context: Partial<GatewayContext>): GraphQLContext {
  return { principal: context.principal, requestId: context.requestId };
}

/** Headers a remote subgraph needs so its own auth middleware and logs see the same caller. */
export function forwardedHeaders(context: Partial<GatewayContext>): [string, string][] {
  const headers: [string, string][] = [];
  if (context.authorization) headers.push(['authorization', context.authorization]);
  if (context.requestId) headers.push([REQUEST_ID_HEADER, context.requestId]);
  return headers;
}

/** Executes a subgraph in-process (embedded topology), handing its resolvers the caller. */
export class EmbeddedSubgraphDataSource extends LocalGraphQLDataSource<GatewayContext> {
  constructor(def: SubgraphDefinition) {
    super(buildSubgraph(def));
  }

  override process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    return super.process({ ...options, context: subgraphContext(options.context) });
  }
}

/** Posts to a service's subgraph (distributed topology), forwarding the caller's credential. */
export class ForwardingRemoteDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>) {
    for (const [name, value] of forwardedHeaders(context)) request.http?.headers.set(name, value);
  }
}

export function dataSourceFor(name: string, targets: Record<string, SubgraphTarget>): GraphQLDataSource<GatewayContext> {
  const target = targets[name];
  if (!target) {
    const known = Object.keys(targets).join(', ') || 'none';
    throw new Error(`The supergraph has subgraph "${name}" but the gateway has no target for it (configured: ${known})`);
  }
  return 'local' in target ? new EmbeddedSubgraphDataSource(target.local) : new ForwardingRemoteDataSource({ url: target.url });
}
