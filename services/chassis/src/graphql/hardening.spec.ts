import express from 'express';
import gql from 'graphql-tag';
import { parse } from 'graphql';
import request from 'supertest';
import { internalErrorMessage } from './errors';
import { defaultQueryLimits, measureDocument, queryLimitMessages, queryLimitRefusal } from './limits';
import { subgraphMiddleware, type GraphQLServeOptions, type SubgraphDefinition } from './subgraph';

describe('measureDocument', () => {
  it('given fields, aliases and nesting, then each is counted, fragments where they are spread', () => {
    expect(measureDocument(parse('{ a { b { c } } d: a { b { c } } }'))).toEqual({ depth: 3, fields: 6, aliases: 1 });
    expect(measureDocument(parse('{ ...F ... on Query { x: a } } fragment F on Query { y: a { b } }'))).toEqual({ depth: 2, fields: 3, aliases: 2 });
  });

  it('given fragments that multiply each other, then the total is counted without walking every copy', () => {
    const levels = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const size = measureDocument(parse(`{ ...F0 } ${levels} fragment F40 on Query { a }`));
    expect(size.fields).toBe(2 ** 40);
    expect(queryLimitRefusal(parse(`{ ...F0 } ${levels} fragment F40 on Query { a }`))).toBe(queryLimitMessages.tooManyFields(2 ** 40, defaultQueryLimits.maxFields));
  });

  it('given a fragment cycle, then refused as such', () => {
    expect(queryLimitRefusal(parse('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }'))).toBe(queryLimitMessages.cyclicFragments);
  });

  it('given an introspection query, then its own nesting does not count', () => {
    const deepTypeRef = `{ __schema { types { fields { type { ${'ofType { '.repeat(15)}name${' }'.repeat(15)} } } } } }`;
    expect(queryLimitRefusal(parse(deepTypeRef))).toBeUndefined();
  });
});

describe('a served subgraph, hardened like the gateway', () => {
  const calls = { count: 0 };
  const probe: SubgraphDefinition = {
    name: 'probe',
    typeDefs: gql`
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query {
        ping: String!
        boom: String
      }
    `,
    resolvers: {
      Query: {
        ping: () => {
          calls.count++;
          return 'pong';
        },
        boom: () => {
          throw new Error('Cannot open /srv/seatside/services/probe/src/keys.ts');
        },
      },
    },
  };
  const serve = async (options: GraphQLServeOptions) => express().use('/graphql', await subgraphMiddleware(probe, options));

  it('given 2,000 aliases, then 400 and no resolver runs', async () => {
    const res = await request(await serve({ production: true })).post('/graphql').send({ query: `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: ping`).join(' ')} }` });
    expect([res.status, res.body.errors[0].extensions.code]).toEqual([400, 'QUERY_TOO_COMPLEX']);
    expect(calls.count).toBe(0);
  });

  it('given a failing resolver outside production, then no stack trace and no file path', async () => {
    const res = await request(await serve({ production: false })).post('/graphql').send({ query: '{ boom }' });
    expect(res.body.errors).toEqual([{ message: internalErrorMessage, locations: [{ line: 1, column: 3 }], path: ['boom'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
  });

  it('given production, then introspection is refused; with introspection enabled it answers', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await request(await serve({ production: true })).post('/graphql').send({ query })).status).toBe(400);
    expect((await request(await serve({ production: true, introspection: true })).post('/graphql').send({ query })).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
