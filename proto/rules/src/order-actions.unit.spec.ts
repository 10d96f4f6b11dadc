import { mayTakeOrderAction, orderActionsFor } from './order-actions';

describe('order actions by role', () => {
  const allowed = ['accept', 'ready', 'complete', 'cancel', 'pay', 'refund'] as const;

  it('given a runner, then of what the order allows only complete remains', () => {
    expect(orderActionsFor('runner', allowed)).toEqual(['complete']);
    expect(orderActionsFor('runner', ['accept', 'cancel'])).toEqual([]);
    expect(mayTakeOrderAction('runner', 'complete')).toBe(true);
    expect(mayTakeOrderAction('runner', 'accept')).toBe(false);
  });

  it('given an admin, a team member or an API key (no membership role), then every allowed action remains, in order', () => {
    for (const role of ['admin', 'teamMember', undefined]) expect(orderActionsFor(role, allowed)).toEqual([...allowed]);
  });
});
