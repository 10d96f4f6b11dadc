import { refreshSession } from '@seatside/ui/src/auth';
import { useRealtimeRoom, type RealtimeStatus } from '@seatside/ui/src/realtime';
import type { Order } from './api';

/** The orders service's namespace and event (docs/orders-api.md "Realtime"). */
export const ORDERS_NAMESPACE = '/orders';
export const ORDER_UPDATED = 'order.updated';

/**
 * While mounted, `onOrder` hears every change to the merchant's orders of one mode (the room
 * `merchant:{id}:{mode}`, for its members), and `onReconnect` each time the room is joined (first and after a reconnection).
 */
export function useLiveOrders(merchantId: string, testMode: boolean | null, onOrder: (order: Order) => void, onReconnect?: () => void): RealtimeStatus {
  const { status } = useRealtimeRoom<Order>({
    namespace: ORDERS_NAMESPACE,
    // null: the mode is not known yet (a detail page before its order loaded).
    room: testMode === null ? null : { merchantId, testMode },
    event: ORDER_UPDATED,
    onEvent: onOrder,
    ...(onReconnect ? { onReconnect } : {}),
    refreshToken: refreshSession,
  });
  return status;
}
