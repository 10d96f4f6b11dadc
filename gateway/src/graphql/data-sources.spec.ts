import gql from 'graphql-tag';
import { dataSourceFor, EmbeddedSubgraphDataSource, forwardedHeaders, ForwardingRemoteDataSource, subgraphContext } from './data-sources';

const principal = { uid: 'user-7', claims: {} };
const local = { name: 'venue', typeDefs: gql`type Query { ping: String }`, resolvers: {} };

describe('gateway data sources', () => {
  describe('given a gateway context with a credential', () => {
    const context = { principal, requestId: 'req-1', authorization: 'Bearer t' };

    it('when handed to an embedded subgraph, then resolvers get the principal and request id but not the credential', () => {
      expect(subgraphContext(context)).toEqual({ principal, requestId: 'req-1' });
    });

    it('when sent to a remote subgraph, then authorization and x-request-id are forwarded', () => {
      expect(forwardedHeaders(context)).toEqual([
        ['authorization', 'Bearer t'],
        ['x-request-id', 'req-1'],
      ]);
    });
  });

  it('given an anonymous request without an id, when sent to a remote subgraph, then no headers are forwarded', () => {
    expect(forwardedHeaders({})).toEqual([]);
  });

  describe('given subgraph targets by name', () => {
    const targets = { venue: { local }, pricing: { url: 'http://pricing:8080/graphql' } };

    it('when a local target is named, then it runs in process', () => {
      expect(dataSourceFor('venue', targets)).toBeInstanceOf(EmbeddedSubgraphDataSource);
    });

    it('when a remote target is named, then it posts to the configured URL, not the supergraph placeholder', () => {
      const source = dataSourceFor('pricing', targets);

      expect(source).toBeInstanceOf(ForwardingRemoteDataSource);
      expect((source as ForwardingRemoteDataSource).url).toBe('http://pricing:8080/graphql');
    });

    it('when the supergraph names a subgraph with no target, then it fails listing the configured ones', () => {
      expect(() => dataSourceFor('orders', targets)).toThrow(/"orders".*configured: venue, pricing/);
    });
  });
});
