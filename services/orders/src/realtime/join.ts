import { forbidden, notFound, validationFailed, type Principal, type ReadModelStore, type TenantAccess } from '@seatside/chassis';
import { sameToken } from '../orders/http';
import { orderMessages } from '../orders/order';
import { groupMessages } from '../groups/group';
import { orders, type OrderDoc } from '../orders/projections';
import { joinRequest, merchantRoom, orderRoom, realtimeMessages } from './rooms';

/**
 * Who may follow what: a merchant's room by the REST rule for its order list (any member; an API
 * key only in its own mode), an order's room by its status token, checked against the stored hash
 * as the status page does (a wrong token is 404, as there).
 */
export function joinOrders(readModels: ReadModelStore, access: TenantAccess, groupRoomOf: (groupId: string, signature: string) => string | undefined = () => undefined) {
  return async (request: unknown, principal: Principal | undefined): Promise<string> => {
    const parsed = joinRequest.safeParse(request);
    if (!parsed.success) throw validationFailed(realtimeMessages.joinInvalid);
    const asked = parsed.data;
    if ('merchantId' in asked) {
      const mode = asked.testMode ? 'sandbox' : 'production';
      await access.authorizePrincipal(principal, { collection: 'merchants', id: asked.merchantId, role: 'member', mode, runners: true });
      return merchantRoom(asked.merchantId, asked.testMode);
    }
    if ('groupId' in asked) {
      // A group order's room: whoever holds its invitation's signature (groups/).
      const room = groupRoomOf(asked.groupId, asked.signature);
      if (!room) throw forbidden(groupMessages.invitationInvalid, 'invitation_invalid');
      return room;
    }
    const doc = await readModels.collection<OrderDoc>(orders).get(asked.orderId);
    if (!doc || !sameToken(asked.token, doc.statusTokenHash)) throw notFound(orderMessages.notFound, 'order_not_found');
    return orderRoom(doc.id);
  };
}
