import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { createDataKeyRing, loadDataKeys, tenantAccess, tenantMemberships, type DataKeyRing, type ServiceModule } from '@seatside/chassis';
import { restockCancelled, stockTable } from './catalog/stock';
import { catalogReader } from './catalog/reader';
import { followSandboxDeletions } from './sandbox';
import { CATALOG_MESSAGES, CATALOG_SUBSCRIPTION, projectCatalogMessage } from './catalog/subscription';
import { catalogCollections } from './catalog/view';
import { createCheckout } from './checkout/http';
import { groupOfSignature } from './groups/group';
import { groupsRouter } from './groups/http';
import { followGroupUpdates, groupRoom } from './groups/updates';
import { scheduleTabRecovery, tabPayments, tabRounds, tabsRouter } from './tabs/http';
import { tabs } from './tabs/tab';
import { checkoutIdempotency } from './checkout/idempotency';
import { orderSlots, releaseCancelledSlots } from './checkout/pacing';
import { ordersRouter } from './orders/http';
import { expireUnpaidCardOrders, scheduleExpiry } from './orders/expiry';
import { orders, projectOrders } from './orders/projections';
import { paymentsPorts, squareParts } from './payments';
import { stripeAccountOwners, stripeAccounts } from './payments/accounts';
import { stripeConnectRouter } from './payments/connect';
import { paymentsRouter, paymentWebhookEvents } from './payments/http';
import { followPaymentConnectionUpdates } from './payments/realtime';
import { processStateSecret } from './payments/state';
import { squareConnections } from './payments/square-connections';
import { squareRouter } from './payments/square-http';
import { forwardOrdersToSquare } from './payments/square-forward';
import { defaultOrdersOptions, type OrdersOptions } from './payments/options';
import { ordersRealtime } from './realtime';
import { kitchenReady, kitchenSnapshots, projectKitchenReady } from './kitchen/queue';
import { projectTagEvent, TAG_EVENT_TYPES, TAGS_SUBSCRIPTION, tagViews } from './tags/view';
import { followVenueLinks, venueLinks } from './tags/venue-links';
import { ordersPublications } from './published';
import { ordersMigrations } from './migrations';
import { ordersApi } from './openapi';
import { salesStats } from './stats';

/**
 * Orders: checkout priced on the server from its own view of the catalog (a checkpointed
 * subscription on the catalog's log), idempotent placing with stock, card payments through the
 * payments port (Stripe, Square), and the merchant's orders.
 */
export function createOrdersService(options: OrdersOptions = defaultOrdersOptions()): ServiceModule {
  return {
    name: 'orders',
    publications: ordersPublications,
    migrations: ordersMigrations,
    api: ordersApi,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'orders-memberships' });
      access.follow();
      const stock = stockTable(deps.schema);
      // The sales widgets' buckets, from this service's own log (stats/).
      const stats = salesStats(deps, access);
      const idempotency = checkoutIdempotency(deps.schema);
      const slots = orderSlots(deps.schema);
      const stateSecret = options.stateSecret ?? processStateSecret();
      // Read once, on the first Square token sealed or opened.
      let keyRing: DataKeyRing | undefined;
      const dataKeys = () =>
        (keyRing ??=
          options.dataEncryptionKey || options.dataDir
            ? loadDataKeys({ ...(options.dataEncryptionKey ? { configured: options.dataEncryptionKey } : {}), dataDir: options.dataDir ?? '.' })
            : createDataKeyRing([randomBytes(32)]));
      const square = squareParts(options, deps, dataKeys);
      const payments = paymentsPorts(options, deps, square);
      const project = projectCatalogMessage(deps, stock);
      const catalog = catalogReader(deps.readModels);
      // The catalog's published stream (seatside.catalog.v1), never its internal events.
      deps.subscribePublished({
        name: CATALOG_SUBSCRIPTION,
        source: 'catalog',
        messages: CATALOG_MESSAGES,
        gatherMs: 25,
        handle: (message, tx, event) => project(message, event.globalPosition, tx),
        // Checkout's copies of the view's records are stale once a change committed.
        committed: () => catalog.forget(),
      });
      // TAG orders: the tags they name, from the tags service's log.
      const projectTag = projectTagEvent(deps);
      deps.subscribe({ name: TAGS_SUBSCRIPTION, source: 'tags', types: TAG_EVENT_TYPES, handle: (event, tx) => projectTag(event, tx) });
      // A venue's tags order for the merchants it links: the links, from the catalog's published stream.
      followVenueLinks(deps);
      // An order's own projections, in the transaction of every command on it after placing.
      const orderProjections = [projectOrders(deps.readModels), restockCancelled(stock), releaseCancelledSlots(slots), projectKitchenReady(deps.readModels)];
      const kitchen = kitchenSnapshots(deps.readModels, catalog, deps.now);
      stats.follow();
      const router = Router();
      const checkout = createCheckout(deps, catalog, idempotency, stock, payments, slots, orderProjections);
      const rounds = tabRounds(deps, checkout.place, orderProjections);
      router.use(stats.router(), checkout.router, groupsRouter(deps, catalog, checkout.place, stateSecret), tabsRouter(deps, access, catalog, rounds, orderProjections, stateSecret, payments), ordersRouter(deps, access, payments, orderProjections, kitchen), paymentsRouter(deps, access, payments, catalog, orderProjections, tabPayments(deps, orderProjections, payments)), stripeConnectRouter(deps, access, payments.STRIPE, stateSecret), squareRouter(deps, access, square.connector, square.sellers, dataKeys, stateSecret));
      followPaymentConnectionUpdates(deps, payments);
      forwardOrdersToSquare(deps, catalog, square.connector, square.sellers);
      followGroupUpdates(deps);
      followSandboxDeletions(deps, slots);
      const realtime = ordersRealtime(deps, access, (groupId, signature) => (groupOfSignature(stateSecret, signature) === groupId ? groupRoom(groupId) : undefined));
      const expire = expireUnpaidCardOrders(deps, payments, orderProjections);
      let expiry: { stop(): Promise<void> } | undefined;
      let recovery: { stop(): Promise<void> } | undefined;
      return {
        name: 'orders',
        router,
        collections: [tenantMemberships, orders, tabs, stripeAccounts, stripeAccountOwners, paymentWebhookEvents, squareConnections, tagViews, venueLinks, kitchenReady, ...catalogCollections],
        async start() {
          expiry = scheduleExpiry(deps, expire);
          // A tab round placed but not recorded when the process stopped (crash) joins its tab now.
          recovery = scheduleTabRecovery(deps, rounds);
        },
        stop: async () => {
          await expiry?.stop();
          await recovery?.stop();
        },
        realtime,
      };
    },
  };
}

export { defaultOrdersOptions, ordersConfigFields, ordersConfigSchema, ordersOptionsFrom, type OrdersOptions, type StripeOptions } from './payments/options';

export const ordersService: ServiceModule = createOrdersService();
