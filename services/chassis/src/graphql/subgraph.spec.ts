import express, { type RequestHandler } from 'express';
import gql from 'graphql-tag';
import { graphql } from 'graphql';
import request from 'supertest';
import type { Principal } from '../auth/types';
import {
  buildSubgraph,
  printSubgraphSdl,
  subgraphMiddleware,
  type GraphQLServeOptions,
  type SubgraphDefinition,
} from './subgraph';

const seats: SubgraphDefinition = {
  name: 'seats',
  typeDefs: gql`
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])

    type Query {
      seat(id: ID!): Seat
      caller: Caller!
    }

    type Caller {
      uid: String
      requestId: String
    }

    type Seat @key(fields: "id") {
      id: ID!
      label: String!
    }
  `,
  resolvers: {
    Query: {
      seat: (_: unknown, { id }: { id: string }) => ({ id, label: `Seat ${id}` }),
      caller: (_: unknown, __: unknown, ctx) => ({ uid: ctx.principal?.uid ?? null, requestId: ctx.requestId ?? null }),
    },
    Seat: {
      __resolveReference: ({ id }: { id: string }) => ({ id, label: `Seat ${id}` }),
    },
  },
};

/** Stands in for the chassis auth middleware: the bearer token is the uid. */
const fakeAuth: RequestHandler = (req, _res, next) => {
  const token = req.get('authorization')?.replace(/^Bearer /, '');
  if (token) (req as { principal?: Principal }).principal = { uid: token, claims: {} };
  next();
};

async function serve(def: SubgraphDefinition, options: GraphQLServeOptions = { production: true }) {
  const app = express();
  app.use(fakeAuth);
  app.use('/graphql', await subgraphMiddleware(def, options));
  return app;
}

describe('a service subgraph', () => {
  describe('given a definition with an entity', () => {
    it('when built, then it answers federation _service and _entities queries', async () => {
      const schema = buildSubgraph(seats);

      const sdl = await graphql({ schema, source: '{ _service { sdl } }' });
      const entities = await graphql({
        schema,
        source: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Seat { label } } }',
        variableValues: { r: [{ __typename: 'Seat', id: '2C' }] },
      });

      expect((sdl.data?._service as { sdl: string }).sdl).toContain('type Seat @key(fields: "id")');
      expect(entities.data).toEqual({ _entities: [{ label: 'Seat 2C' }] });
    });

    it('when printed, then the SDL keeps the federation link and keys', () => {
      const sdl = printSubgraphSdl(seats);

      expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.7"');
      expect(sdl).toContain('@key(fields: "id")');
    });
  });

  describe('given it is served over HTTP', () => {
    it('when a field is queried, then it resolves', async () => {
      const app = await serve(seats);

      const res = await request(app).post('/graphql').send({ query: '{ seat(id: "12") { id label } }' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { seat: { id: '12', label: 'Seat 12' } } });
    });

    it('when the request carries a principal and x-request-id, then resolvers see both in context', async () => {
      const app = await serve(seats);

      const res = await request(app)
        .post('/graphql')
        .set('authorization', 'Bearer user-7')
        .set('x-request-id', 'req-42')
        .send({ query: '{ caller { uid requestId } }' });

      expect(res.body).toEqual({ data: { caller: { uid: 'user-7', requestId: 'req-42' } } });
    });

    it('when the request is anonymous, then the context has no principal', async () => {
      const app = await serve(seats);

      const res = await request(app).post('/graphql').send({ query: '{ caller { uid } }' });

      expect(res.body).toEqual({ data: { caller: { uid: null } } });
    });

    it('when a browser asks for the landing page in production, then no page is served', async () => {
      const app = await serve(seats, { production: true });

      const res = await request(app).get('/graphql').set('accept', 'text/html');

      expect(res.type).not.toBe('text/html');
    });

    it('when a browser asks for the landing page outside production, then the page is served', async () => {
      const app = await serve(seats, { production: false });

      const res = await request(app).get('/graphql').set('accept', 'text/html');

      expect(res.type).toBe('text/html');
    });
  });
});
