import { forbidden } from '@seatside/chassis/src/errors';
import { defaultQueryLimits, internalErrorMessage, queryLimitMessages, type SubgraphDefinition } from '@seatside/chassis/src/graphql';
import express from 'express';
import gql from 'graphql-tag';
import request from 'supertest';
import { composeSupergraph, renderSupergraphFile } from './compose';
import { createGraphQLGateway, type GraphQLGateway } from './index';

/** A subgraph that counts the resolver calls it gets, fails on request, and nests as deep as asked. */
function countingSubgraph(calls: { count: number }): SubgraphDefinition {
  return {
    name: 'probe',
    typeDefs: gql`
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

      type Query {
        ping: String!
        node: Node!
        boom: String
        refused: String
      }

      type Node {
        id: ID!
        child: Node!
      }
    `,
    resolvers: {
      Query: {
        ping: () => {
          calls.count++;
          return 'pong';
        },
        node: () => {
          calls.count++;
          return { id: '1' };
        },
        boom: () => {
          throw new Error("ENOENT: no such file or directory, open '/work/main/services/probe/src/secret.json'");
        },
        refused: () => {
          throw forbidden('You do not have access to this page.');
        },
      },
      Node: { child: (node: { id: string }) => ({ id: `${node.id}1` }) },
    },
  };
}

describe('the GraphQL gateway, hardened', () => {
  const calls = { count: 0 };
  const gateways: GraphQLGateway[] = [];
  const apps: Record<'production' | 'productionWithIntrospection' | 'development', express.Express> = {} as never;

  beforeAll(async () => {
    const subgraph = countingSubgraph(calls);
    const supergraphSdl = renderSupergraphFile(composeSupergraph([subgraph]));
    const settings = { production: { production: true }, productionWithIntrospection: { production: true, introspection: true }, development: { production: false } };
    for (const [name, options] of Object.entries(settings)) {
      const gateway = await createGraphQLGateway({ supergraphSdl, subgraphs: { probe: { local: subgraph } }, ...options });
      gateways.push(gateway);
      apps[name as keyof typeof apps] = express().use('/graphql', gateway.handler);
    }
  });
  afterAll(() => Promise.all(gateways.map((g) => g.stop())));
  beforeEach(() => {
    calls.count = 0;
  });

  const ask = (query: string, app = apps.production) => request(app).post('/graphql').send({ query });
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ping`).join(' ')} }`;
  const nested = (levels: number) => `{ node { ${'child { '.repeat(levels)}id${' }'.repeat(levels)} } }`;

  describe('query size, measured on the parsed document before anything is planned or fetched', () => {
    it('given 2,000 aliases in one request, then 400 with a clear message and the subgraph is never called', async () => {
      const res = await ask(aliases(2000));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: queryLimitMessages.tooManyAliases(2000, defaultQueryLimits.maxAliases), extensions: { code: 'QUERY_TOO_COMPLEX' } }]);
      expect(res.body.errors[0].message).toBe('This query uses too many aliases: 2000, at most 50 are allowed.');
      expect(calls.count).toBe(0);
    });

    it('given a query nested deeper than the limit, then 400 "too deep" and the subgraph is never called', async () => {
      const res = await ask(nested(defaultQueryLimits.maxDepth + 5));
      expect([res.status, res.body.errors[0].message]).toEqual([400, `This query is too deep: ${defaultQueryLimits.maxDepth + 7} levels of fields, at most ${defaultQueryLimits.maxDepth} are allowed.`]);
      expect(calls.count).toBe(0);
    });

    it('given aliases hidden in a fragment spread many times, then they are counted at every spread', async () => {
      const res = await ask(`{ ...f ...f } fragment f on Query { ...g ...g ...g } fragment g on Query { ${Array.from({ length: 10 }, (_, i) => `g${i}: ping`).join(' ')} }`);
      expect([res.status, res.body.errors[0].message]).toEqual([400, `This query uses too many aliases: 60, at most ${defaultQueryLimits.maxAliases} are allowed.`]);
      expect(calls.count).toBe(0);
    });

    it('given fragments that spread each other, then 400 and nothing runs', async () => {
      const res = await ask('{ ...a } fragment a on Query { ping ...b } fragment b on Query { ...a }');
      expect([res.status, res.body.errors[0].extensions.code]).toEqual([400, 'QUERY_TOO_COMPLEX']);
      expect(calls.count).toBe(0);
    });

    it('given more tokens than the parser reads, then 400 before any walk', async () => {
      const res = await ask(`{ ping ${'a '.repeat(defaultQueryLimits.maxTokens)}}`);
      expect(res.body.errors).toEqual([{ message: queryLimitMessages.tooLong(defaultQueryLimits.maxTokens), extensions: { code: 'QUERY_TOO_COMPLEX' } }]);
      expect(res.status).toBe(400);
      expect(calls.count).toBe(0);
    });

    it('given queries within the limits, then they run as before', async () => {
      expect((await ask(aliases(defaultQueryLimits.maxAliases))).status).toBe(200);
      const deep = await ask(nested(defaultQueryLimits.maxDepth - 2));
      expect([deep.status, deep.body.errors]).toEqual([200, undefined]);
      expect(calls.count).toBe(defaultQueryLimits.maxAliases + 1);
    });
  });

  describe('errors', () => {
    it.each(['production', 'development'] as const)('given a resolver that fails unexpectedly (%s), then the generic message, and no stack trace, file path or exception', async (mode) => {
      const res = await ask('{ boom }', apps[mode]);
      expect(res.body.errors).toEqual([{ message: internalErrorMessage, path: ['boom'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
      expect(res.text).not.toMatch(/stacktrace|ENOENT|\/work\/|\.ts|\.js|exception|serviceName/);
    });

    it('given a domain refusal, then its message and code reach the caller, nothing more', async () => {
      const res = await ask('{ refused }', apps.development);
      expect(res.body.errors).toEqual([{ message: 'You do not have access to this page.', path: ['refused'], extensions: { code: 'FORBIDDEN' } }]);
    });
  });

  describe('introspection', () => {
    const introspect = '{ __schema { queryType { name } } }';

    it('given production, then introspection is refused', async () => {
      const res = await ask(introspect, apps.production);
      expect([res.status, res.body.data]).toEqual([400, undefined]);
      expect(res.body.errors[0].message).toMatch(/introspection is not allowed/i);
    });

    it('given production with GRAPHQL_INTROSPECTION=true, or development, then it answers', async () => {
      for (const app of [apps.productionWithIntrospection, apps.development]) {
        expect((await ask(introspect, app)).body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
      }
    });
  });
});
