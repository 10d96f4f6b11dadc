import { describe, expect, it } from '@jest/globals';
import { checkoutBody, initialForm } from '../checkout/form';
import { groupCartLines, groupIsClosed, isGroupHost } from './group';

describe('a group order', () => {
  it('given a group placed or idle too long, then it is closed; open or being placed, it is not', () => {
    expect([groupIsClosed('placed'), groupIsClosed('closed'), groupIsClosed('open'), groupIsClosed('placing')]).toEqual([true, true, false, false]);
  });

  it('given a join’s answer, then the participant is the host only when the group says that participant is (its host joining again from the link stays host)', () => {
    const group = { participants: [{ participantId: 'h', name: 'Hana', host: true }, { participantId: 'g', name: 'Gus', host: false }] };
    expect([isGroupHost(group, 'h'), isGroupHost(group, 'g'), isGroupHost(group, 'x'), isGroupHost(group, undefined)]).toEqual([true, false, false, false]);
  });

  it('given the group’s lines, when the host’s checkout body is made of them, then it asks the price of every participant’s line with its options', () => {
    const lines = groupCartLines([
      { lineId: 'l1', participantId: 'a', participant: 'Hana', productId: 'p1', title: 'Nachos', quantity: 2, unitPrice: 9.5, modifiers: [{ modifierId: 'm1', optionIds: ['o2'] }] },
      { lineId: 'l2', participantId: 'b', participant: 'Gus', productId: 'p2', title: 'Soda', quantity: 1, unitPrice: 3, modifiers: [] },
    ]);
    expect(lines.map((l) => [l.key, l.unitPriceMinor])).toEqual([['l1', 950], ['l2', 300]]);
    const options = { fulfillmentTypes: { PICKUP: true }, pickupMethods: { COUNTER: true } } as Parameters<typeof initialForm>[0];
    expect(checkoutBody(initialForm(options, null), lines, options, null, false).lineItems).toEqual([
      { productId: 'p1', quantity: 2, modifiers: [{ modifierId: 'm1', optionIds: ['o2'] }] },
      { productId: 'p2', quantity: 1, modifiers: [] },
    ]);
  });
});
