import gql from 'graphql-tag';
import { modeOf, requestedMode, type GraphQLContext, type ServiceDeps, type SubgraphDefinition, type TenantAccess } from '@seatside/chassis';
import { menus, type MenuDoc } from './menus/projections';
import { productOf, products, type ProductDoc } from './products/projections';
import { tenants, type TenantDoc } from './tenants/projections';

export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "A merchant the caller is a member of (or the merchant of the caller's API key)."
  type Merchant @key(fields: "id") {
    id: ID!
    name: String!
    description: String!
    handle: String!
    timeZone: String!
    googlePlaceId: String!
    "Products of one mode (sandbox when testMode is true; without it, an API key's own mode, else production), by code."
    products(testMode: Boolean, first: Int = 100): [Product!]!
    "Menus of one mode (as for products), by title."
    menus(testMode: Boolean): [Menu!]!
  }

  type Product {
    id: ID!
    merchantId: ID!
    title: String!
    description: String!
    "Major units (19.5 is 19.50)."
    price: Float!
    manageStock: Boolean!
    stockQuantity: Int!
    images: [String!]!
    code: String!
    testMode: Boolean!
    createdAt: String!
    updatedAt: String!
  }

  type MenuAvailability {
    allDayMenu: Boolean!
    "HHMM, when not all day."
    begin: String
    end: String
  }

  type Menu {
    id: ID!
    merchantId: ID!
    title: String!
    description: String!
    availability: MenuAvailability!
    productIds: [ID!]!
    testMode: Boolean!
  }

  type Query {
    "The caller's merchants."
    merchants: [Merchant!]!
    "One of the caller's merchants; null when it is not one of theirs."
    merchant(id: ID!): Merchant
  }
`;

type Args = { testMode?: boolean | null; first?: number | null };

/** The catalog subgraph: every read is scoped to the caller's tenants and, for API keys, their mode. */
export function createSubgraph(deps: ServiceDeps, access: TenantAccess): SubgraphDefinition {
  const tenantDocs = () => deps.readModels.collection<TenantDoc>(tenants);
  const readable = async (ctx: GraphQLContext, merchantId: string, testMode = false) => {
    try {
      await access.authorizePrincipal(ctx.principal, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(testMode) });
      return true;
    } catch {
      return false;
    }
  };
  const merchantOf = async (ctx: GraphQLContext, id: string) => {
    if (!(await readable(ctx, id, requestedMode(ctx, undefined)))) return null;
    const doc = await tenantDocs().get(id);
    return doc && doc.collection === 'merchants' ? doc : null;
  };
  return {
    name: 'catalog',
    typeDefs,
    resolvers: {
      Query: {
        merchants: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
          const ids = await access.tenantsOf(ctx.principal, 'merchants');
          const docs = await Promise.all(ids.map((id) => tenantDocs().get(id)));
          return docs.filter((doc): doc is TenantDoc => doc !== null && doc.collection === 'merchants');
        },
        merchant: (_: unknown, args: { id: string }, ctx: GraphQLContext) => merchantOf(ctx, args.id),
      },
      Merchant: {
        __resolveReference: (ref: { id: string }, ctx: GraphQLContext) => merchantOf(ctx, ref.id),
        products: async (merchant: TenantDoc, args: Args, ctx: GraphQLContext) => {
          const testMode = requestedMode(ctx, args.testMode);
          if (!(await readable(ctx, merchant.id, testMode))) return [];
          const limit = Math.min(Math.max(args.first ?? 100, 1), 1000);
          const page = await deps.readModels.collection<ProductDoc>(products).find({ filter: { merchantId: merchant.id, testMode }, sort: 'code', order: 'asc', limit });
          return page.data.map(productOf);
        },
        menus: async (merchant: TenantDoc, args: Args, ctx: GraphQLContext) => {
          const testMode = requestedMode(ctx, args.testMode);
          if (!(await readable(ctx, merchant.id, testMode))) return [];
          const page = await deps.readModels.collection<MenuDoc>(menus).find({ filter: { merchantId: merchant.id, testMode }, sort: 'title', order: 'asc', limit: 1000 });
          return page.data;
        },
      },
      Menu: {
        productIds: (menu: MenuDoc) => menu.products,
      },
    },
  };
}
