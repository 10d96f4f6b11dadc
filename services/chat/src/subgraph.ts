import gql from 'graphql-tag';
import type { ServiceDeps, SubgraphDefinition } from '@seatside/chassis';
import { faqs, type FaqDoc } from './faqs/projections';

export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "A frequently asked question; scope 'pricing' shows on the pricing page."
  type Faq @key(fields: "id") {
    id: ID!
    question: String!
    answer: String!
    scope: String!
  }

  type Query {
    "FAQs in the order they were written, optionally of one scope."
    faqs(scope: String): [Faq!]!
    faq(id: ID!): Faq
  }
`;

export function createSubgraph(deps: ServiceDeps): SubgraphDefinition {
  const collection = () => deps.readModels.collection<FaqDoc>(faqs);
  return {
    name: 'chat',
    typeDefs,
    resolvers: {
      Query: {
        faqs: async (_: unknown, args: { scope?: string | null }) => {
          const page = await collection().find({ sort: 'createdAt', order: 'asc', limit: 1000, filter: args.scope ? { scope: args.scope } : undefined });
          return page.data;
        },
        faq: (_: unknown, args: { id: string }) => collection().get(args.id),
      },
      Faq: {
        __resolveReference: (ref: { id: string }) => collection().get(ref.id),
      },
    },
  };
}
