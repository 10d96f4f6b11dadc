import type { Principal } from '@seatside/chassis/src/auth/types';
import { subgraphMiddleware } from '@seatside/chassis/src/graphql';
import express, { type RequestHandler } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { composeSupergraph } from './compose';
import * as venue from './fixtures/services/venue/src/subgraph';
import { createGraphQLGateway, type GraphQLGateway } from './index';

/** Stands in for the service's auth middleware: the bearer token is the uid. */
const serviceAuth: RequestHandler = (req, _res, next) => {
  const token = req.get('authorization')?.replace(/^Bearer /, '');
  if (token) (req as { principal?: Principal }).principal = { uid: token, claims: {} };
  next();
};

/** The venue fixture as its own HTTP service, the way the distributed topology runs it. */
async function startVenueService(): Promise<{ server: Server; url: string }> {
  const service = express();
  service.use(serviceAuth);
  service.use('/graphql', await subgraphMiddleware(venue.createSubgraph()));
  const server = await new Promise<Server>((resolve) => {
    const listening = service.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/graphql` };
}

describe('the GraphQL gateway over a remote subgraph', () => {
  let service: Server;
  let gateway: GraphQLGateway;
  const app = express();

  beforeAll(async () => {
    const venueService = await startVenueService();
    service = venueService.server;
    gateway = await createGraphQLGateway({
      supergraphSdl: composeSupergraph([venue.createSubgraph()]),
      subgraphs: { venue: { url: venueService.url } },
    });
    app.use('/graphql', gateway.handler);
  });

  afterAll(async () => {
    await gateway.stop();
    await new Promise((resolve) => service.close(resolve));
  });

  describe('given the service runs in its own HTTP server', () => {
    it('when a field is queried, then the gateway fetches it over HTTP', async () => {
      const res = await request(app).post('/graphql').send({ query: '{ ping }' });

      expect(res.body).toEqual({ data: { ping: 'pong' } });
    });

    it('when the caller sends authorization and x-request-id, then the service sees the same caller and id', async () => {
      const res = await request(app)
        .post('/graphql')
        .set('authorization', 'Bearer user-9')
        .set('x-request-id', 'req-77')
        .send({ query: '{ caller { uid requestId } }' });

      expect(res.body).toEqual({ data: { caller: { uid: 'user-9', requestId: 'req-77' } } });
    });

    it('when the caller sends no authorization, then the service sees no principal', async () => {
      const res = await request(app).post('/graphql').send({ query: '{ caller { uid } }' });

      expect(res.body).toEqual({ data: { caller: { uid: null } } });
    });
  });
});
