import { SquareError, type Square } from 'square';
import { BUSY_LOG_READS, type ServiceDeps } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import type { PlacedOrder } from '../orders/order';
import { environmentOf } from './accounts';
import { squareIdempotencyKey } from './square';
import type { SquareAccess } from './square-access';
import type { SquareConnector } from './square-connect';

export const SQUARE_FORWARD_SUBSCRIPTION = 'square-forward-orders';

/** Square's CreateOrder for one placed order at the chosen location: its lines, code and a pickup so the POS shows it. */
export function squareOrderOf(order: PlacedOrder, locationId: string): Square.CreateOrderRequest {
  const currency = order.currency.toUpperCase() as Square.Currency;
  const name = order.customer ? `${order.customer.firstName} ${order.customer.lastName}`.trim() : order.orderCode;
  return {
    idempotencyKey: squareIdempotencyKey(`forward-${order.orderId}`),
    order: {
      locationId,
      referenceId: order.orderId.slice(0, 40),
      ticketName: order.orderCode,
      source: { name: 'Seatside' },
      lineItems: order.lineItems.map((line) => ({
        name: line.title,
        quantity: String(line.quantity),
        // totalMinor is quantity × (unit price + options): one unit with its options.
        basePriceMoney: { amount: BigInt(Math.round(line.totalMinor / line.quantity)), currency },
        ...(line.options.length ? { note: line.options.map((o) => o.label).join(', ').slice(0, 500) } : {}),
      })),
      fulfillments: [{ type: 'PICKUP', state: 'PROPOSED', pickupDetails: { recipient: { displayName: name }, scheduleType: 'ASAP', ...(order.location ? { note: order.location.name.slice(0, 500) } : {}) } }],
    },
  };
}

/** Square failing in a way a retry may cure (it could not be reached, or answered 5xx/429): the subscription tries again. */
const transient = (err: unknown) => !(err instanceof SquareError) || err.statusCode === undefined || err.statusCode >= 500 || err.statusCode === 429;

/**
 * `forwardOrdersToSquare` (seed 001 §3): a checkpointed subscription on this service's own log
 * creates a Square order for each placed order of a merchant that asks for it, at the location
 * chosen for the order's mode, with that mode's seller (sandbox orders go to the sandbox seller
 * only), so it shows on the merchant's Square POS. Idempotent by the order id (a redelivery creates
 * it once at Square). Not connected, no location, or Square refusing it: logged and skipped; Square
 * unreachable: tried again.
 */
export function forwardOrdersToSquare(deps: ServiceDeps, catalog: CatalogReader, connector: SquareConnector, sellers: SquareAccess): void {
  deps.subscribe({
    name: SQUARE_FORWARD_SUBSCRIPTION,
    types: ['OrderPlaced'],
    // A busy log is read every tenth of a second, not once per order (docs/orders-api.md, Performance).
    ...BUSY_LOG_READS,
    handle: async (event) => {
      const order = event.data as unknown as PlacedOrder;
      const merchant = await catalog.merchant(order.merchantId);
      if (!merchant?.checkoutOptions.forwardOrdersToSquare) return;
      const environment = environmentOf(order.testMode);
      const log = deps.logger.child({ orderId: order.orderId, merchantId: order.merchantId, environment });
      const seller = await sellers.seller(order.merchantId, environment).catch((err: unknown) => {
        log.warn({ err }, 'Square token not refreshed; order not forwarded');
        return undefined;
      });
      if (!seller?.locationId) {
        log.warn('forwardOrdersToSquare: Square not connected or no location chosen for this mode; order not forwarded');
        return;
      }
      try {
        const { order: created } = await connector.client(environment, seller.accessToken).orders.create(squareOrderOf(order, seller.locationId));
        log.info({ squareOrderId: created?.id }, 'order forwarded to Square');
      } catch (err) {
        if (transient(err)) throw err;
        log.warn({ err }, 'Square refused the forwarded order; skipped');
      }
    },
  });
}
