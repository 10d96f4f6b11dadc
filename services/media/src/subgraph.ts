import gql from 'graphql-tag';
import type { GraphQLContext, ServiceDeps, SubgraphDefinition, TenantAccess } from '@seatside/chassis';
import { objects, objectView, type ObjectDoc } from './objects/projections';

export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  type Merchant @key(fields: "id") {
    id: ID!
    "The merchant's stored images, newest first (as GET /v1/merchants/{id}/objects); empty for a non-member."
    objects(first: Int = 100): [MediaObject!]!
  }

  "An image in a tenant's gallery."
  type MediaObject {
    key: String!
    url: String!
    "Bytes."
    size: Int!
    "ISO 8601 instant."
    lastModified: String!
  }
`;

/** The media subgraph: a merchant's objects, to its members (and its API keys) only. */
export function createSubgraph(deps: ServiceDeps, access: TenantAccess): SubgraphDefinition {
  const readable = (ctx: GraphQLContext, merchantId: string) =>
    access.authorizePrincipal(ctx.principal, { collection: 'merchants', id: merchantId, role: 'member', mode: 'any' }).then(
      () => true,
      () => false,
    );
  return {
    name: 'media',
    typeDefs,
    resolvers: {
      Merchant: {
        // The catalog owns merchants (and decides who sees one); this only adds their objects.
        __resolveReference: (ref: { id: string }) => ({ id: ref.id }),
        objects: async (merchant: { id: string }, args: { first?: number | null }, ctx: GraphQLContext) => {
          if (!(await readable(ctx, merchant.id))) return [];
          const limit = Math.min(Math.max(args.first ?? 100, 1), 1000);
          const page = await deps.readModels
            .collection<ObjectDoc>(objects)
            .find({ filter: { collection: 'merchants', tenantId: merchant.id }, sort: 'lastModified', order: 'desc', limit });
          return page.data.map(objectView);
        },
      },
    },
  };
}
