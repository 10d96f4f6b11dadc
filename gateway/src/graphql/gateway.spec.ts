import type { Principal } from '@seatside/chassis/src/auth/types';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { composeSupergraph, renderSupergraphFile } from './compose';
import * as pricing from './fixtures/services/pricing/src/subgraph';
import * as venue from './fixtures/services/venue/src/subgraph';
import { createGraphQLGateway, type GraphQLGateway } from './index';

/** Stands in for the gateway's auth middleware: a fixed caller when the request is authenticated. */
const fakeAuth: RequestHandler = (req, _res, next) => {
  if (req.get('authorization')) (req as { principal?: Principal }).principal = { uid: 'user-7', claims: {} };
  next();
};

describe('the GraphQL gateway over embedded subgraphs', () => {
  let gateway: GraphQLGateway;
  const app = express();

  beforeAll(async () => {
    gateway = await createGraphQLGateway({
      // The committed file's format, header included, is what the gateway reads at start.
      supergraphSdl: renderSupergraphFile(composeSupergraph([venue.createSubgraph(), pricing.createSubgraph()])),
      subgraphs: { venue: { local: venue.createSubgraph() }, pricing: { local: pricing.createSubgraph() } },
      production: true,
    });
    app.use(fakeAuth);
    app.use('/graphql', gateway.handler);
  });

  afterAll(() => gateway.stop());

  const query = (source: string) => request(app).post('/graphql').send({ query: source });

  describe('given a supergraph file composed from the fixture subgraphs', () => {
    it('when asked for { __typename }, then it answers Query', async () => {
      const res = await query('{ __typename }');

      expect(res.status).toBe(200);
      expect(res.text.trim()).toBe('{"data":{"__typename":"Query"}}');
    });

    it('when a field is queried, then it resolves through its subgraph', async () => {
      const res = await query('{ ping }');

      expect(res.body).toEqual({ data: { ping: 'pong' } });
    });

    it('when an entity spans two subgraphs, then the query plan joins them', async () => {
      const res = await query('{ seat(id: "2C") { label priceMinor } }');

      expect(res.body).toEqual({ data: { seat: { label: 'Seat 2C', priceMinor: 1250 } } });
    });
  });

  describe('given a middleware that sets req.principal', () => {
    it('when an authenticated caller queries, then the resolver context carries the principal and request id', async () => {
      const res = await request(app)
        .post('/graphql')
        .set('authorization', 'Bearer anything')
        .set('x-request-id', 'req-42')
        .send({ query: '{ caller { uid requestId } }' });

      expect(res.body).toEqual({ data: { caller: { uid: 'user-7', requestId: 'req-42' } } });
    });

    it('when the plan fetches an entity from a second subgraph, then that resolver sees the principal too', async () => {
      const res = await request(app)
        .post('/graphql')
        .set('authorization', 'Bearer anything')
        .send({ query: '{ seat(id: "2C") { pricedFor } }' });

      expect(res.body).toEqual({ data: { seat: { pricedFor: 'user-7' } } });
    });

    it('when the caller is anonymous, then resolvers see no principal', async () => {
      const res = await query('{ caller { uid } }');

      expect(res.body).toEqual({ data: { caller: { uid: null } } });
    });
  });

  describe('given production settings', () => {
    it('when a browser asks for the landing page, then no page is served', async () => {
      const res = await request(app).get('/graphql').set('accept', 'text/html');

      expect(res.type).not.toBe('text/html');
    });
  });
});
