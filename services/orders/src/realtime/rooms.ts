import { z } from 'zod';
import { modeOf } from '@seatside/chassis';

/** The orders service's socket.io namespace and its one event (docs/orders-api.md "Realtime"). */
export const ORDERS_NAMESPACE = '/orders';
export const ORDER_UPDATED = 'order.updated';
/** A merchant's tab changed (a round recorded, closed): the tab as the merchant's tabs list shows it, to the merchant's room. */
export const TAB_UPDATED = 'tab.updated';

/** A merchant's orders of one mode: its members (an API key: its own mode) may join. */
export const merchantRoom = (merchantId: string, testMode: boolean) => `merchant:${merchantId}:${modeOf(testMode)}`;
/** One order: whoever holds its status token (the diner) may join. */
export const orderRoom = (orderId: string) => `order:${orderId}`;

export const realtimeMessages = {
  joinInvalid: 'Name a merchant (merchantId, testMode), an order (orderId, token) or a group order (groupId, signature) to follow',
} as const;

const id = z.string().trim().min(1).max(200);

/** What a `join` asks for: a merchant's orders in one mode, or one order with its status token. */
export const joinRequest = z.union([
  z.object({ merchantId: id, testMode: z.boolean().default(false) }),
  z.object({ orderId: id, token: z.string().min(1).max(200) }),
  z.object({ groupId: id, signature: z.string().min(1).max(500) }),
]);

export type JoinRequest = z.output<typeof joinRequest>;
