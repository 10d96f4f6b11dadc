import type { RealtimeHub, ServiceDeps, TenantAccess } from '@seatside/chassis';
import { joinOrders } from './join';
import { ORDERS_NAMESPACE } from './rooms';
import { followOrderUpdates } from './updates';

export { ORDER_UPDATED, ORDERS_NAMESPACE, merchantRoom, orderRoom, realtimeMessages } from './rooms';
export { REALTIME_SUBSCRIPTION } from './updates';

/**
 * Live orders: publishes every order change (subscription on the service's own log) and declares
 * the `/orders` namespace for the processes that serve sockets. Returns the service's realtime hook.
 */
export function ordersRealtime(deps: ServiceDeps, access: TenantAccess, groupRoomOf?: (groupId: string, signature: string) => string | undefined): (hub: RealtimeHub) => void {
  followOrderUpdates(deps);
  const join = joinOrders(deps.readModels, access, groupRoomOf);
  return (hub) => {
    hub.namespace(ORDERS_NAMESPACE, { join });
  };
}
