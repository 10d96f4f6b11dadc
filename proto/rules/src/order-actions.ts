/**
 * Who may do what to a merchant's order (docs/orders-api.md, "The merchant's orders"). A runner, the
 * team member who carries ready orders to seats (docs/identity-api.md), may only mark an order
 * delivered; admins, team members and API keys may take every action the order allows. The orders
 * service answers each caller's `nextActions` and refuses by this; the dashboard reads it for the
 * live updates of the merchant's room, which carry every action the order allows.
 */
export const RUNNER_ORDER_ACTIONS = ['complete'] as const;

/** Whether a member with `role` (a tenant role; an API key acts as its tenant's admin) may take `action`. */
export const mayTakeOrderAction = (role: string | undefined, action: string): boolean =>
  role !== 'runner' || (RUNNER_ORDER_ACTIONS as readonly string[]).includes(action);

/** The actions of `actions` (what the order allows now) that a member with `role` may take, in their order. */
export const orderActionsFor = <Action extends string>(role: string | undefined, actions: readonly Action[]): Action[] =>
  actions.filter((action) => mayTakeOrderAction(role, action));
