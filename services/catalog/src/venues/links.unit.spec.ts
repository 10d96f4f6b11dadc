import { spec } from '@seatside/chassis/src/testkit/decider';
import { linkDecider, type LinkEvent } from './links';

const at = '2026-12-01T12:00:00.000Z';
const linked = (merchantId: string): LinkEvent => ({ type: 'VenueMerchantLinked', data: { venueId: 'v1', merchantId, by: 'alice', at } });

describe('venue links decider: Reorder', () => {
  it('given three linked merchants, one of them since deleted, when the venue orders the two it still lists, then the order is saved with the deleted one after them', () => {
    spec(linkDecider)
      .given([linked('pizza'), linked('gone'), linked('tacos')])
      .when({ type: 'Reorder', data: { venueId: 'v1', merchantIds: ['tacos', 'pizza'], gone: ['gone'], by: 'alice', at } })
      .then([{ type: 'VenueMerchantsReordered', data: { venueId: 'v1', merchantIds: ['tacos', 'pizza', 'gone'], by: 'alice', at } }]);
  });

  it('given linked merchants, when an order leaves a listed one out or repeats one, then "The new order must list each linked merchant once"', () => {
    const given = spec(linkDecider).given([linked('pizza'), linked('gone'), linked('tacos')]);
    for (const merchantIds of [['tacos'], ['tacos', 'tacos'], ['tacos', 'pizza', 'gone', 'gone']]) {
      given.when({ type: 'Reorder', data: { venueId: 'v1', merchantIds, gone: ['gone'], by: 'alice', at } }).thenThrows('ValidationFailed', 'The new order must list each linked merchant once');
    }
  });
});
