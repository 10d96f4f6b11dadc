import express, { Router, type Request } from 'express';
import { z } from 'zod';
import {
  modeQuerySchema, handleCommand, isDomainError, metadataFrom, modeOf, notFound, parseInput, validationFailed,
  type CollectionSpec, type InlineProjection, type Logger, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { orderDecider, orderStream, type OrderCommand } from '../orders/order';
import { orders, type OrderDoc } from '../orders/projections';
import type { CatalogReader } from '../catalog/reader';
import { checkoutMessages } from '../checkout/messages';
import {
  environmentOf, environments, projectStripeAccounts, stripeAccountOwnerId, stripeAccountOwners, stripeAccounts, stripeAccountsDecider, stripeAccountsStream,
  type Environment, type StripeAccountOwnerDoc, type StripeAccountsDoc, type StripeConnection,
} from './accounts';
import { paymentMessages as pm } from './messages';
import { browserCardOf } from './checkout';
import { refundLeftOnCard } from './refund';
import { originOf } from './connect';
import { InvalidSignature, type CardProcessor, type PaymentEvent, type PaymentsPorts } from './port';

export const connectBody = z.object({
  accountId: z.string({ error: pm.accountIdInvalid }).trim().regex(/^acct_[A-Za-z0-9]{1,255}$/, pm.accountIdInvalid),
  /** Stripe's `charges_enabled` of the account; until the OAuth onboarding reads it, the admin says so. */
  chargesEnabled: z.boolean().default(true),
});

/** Stripe's dashboard page of the platform's Connect settings (the screen links to it), per mode. */
const stripeDashboardUrl = (environment: Environment) => (environment === 'sandbox' ? 'https://dashboard.stripe.com/test/settings/connect' : 'https://dashboard.stripe.com/settings/connect');

/** One environment's connection as the settings screen shows it (seed 002: charges_enabled). */
const connectionOf = (connection: StripeConnection | undefined, environment: Environment, connectable: boolean) => ({
  ...(connection
    ? {
        connected: true,
        accountId: connection.accountId,
        chargesEnabled: connection.chargesEnabled,
        connectedAt: connection.connectedAt,
        ...(connection.chargesEnabled ? {} : { message: pm.chargesNotEnabled }),
      }
    : { connected: false, chargesEnabled: false }),
  /** Whether this mode has Stripe Connect configured (the Connect button works). */
  connectable,
  dashboardUrl: stripeDashboardUrl(environment),
});

export type StripeConnections = ReturnType<typeof connectionsOf>;

export const connectionsOf = (doc: StripeAccountsDoc | null, ports: PaymentsPorts) => ({
  production: connectionOf(doc?.production, 'production', ports.STRIPE.connectable(false)),
  sandbox: connectionOf(doc?.sandbox, 'sandbox', ports.STRIPE.connectable(true)),
});

/** Where Square sends its notifications (register it as the webhook subscription's URL, per mode). */
export const SQUARE_WEBHOOK = '/v1/payments/square/webhook';

/** Provider events already handled, by provider and event id: a redelivery is answered at once and changes nothing. */
export const paymentWebhookEvents: CollectionSpec = { name: 'payment_webhook_events' };
type WebhookEventDoc = { id: string; type: string; receivedAt: string };

/** The order a webhook's payment belongs to, if it is one of ours in the event's mode. */
async function orderOfPayment(deps: ServiceDeps, event: Extract<PaymentEvent, { type: 'PaymentSucceeded' | 'PaymentFailed' }>, log: Logger): Promise<OrderDoc | undefined> {
  const doc = event.orderId ? await deps.readModels.collection<OrderDoc>(orders).get(event.orderId) : undefined;
  // A test-mode event never touches a production order (test cards are free to use), nor the reverse.
  // Stripe's metadata names our merchant; Square's payment names only our order (its reference_id).
  const ours = doc && (event.merchantId === undefined || doc.merchantId === event.merchantId) && doc.testMode === event.testMode && doc.paymentIntent?.paymentId === event.paymentId;
  if (!ours) log.warn({ paymentId: event.paymentId, orderId: event.orderId, eventId: event.eventId }, 'payment webhook for no order of ours; ignored');
  return ours ? doc : undefined;
}

function commandOf(event: Extract<PaymentEvent, { type: 'PaymentSucceeded' | 'PaymentFailed' }>, doc: OrderDoc, at: string): OrderCommand {
  const ref = { orderId: doc.id, merchantId: doc.merchantId, at };
  if (event.type === 'PaymentFailed') return { type: 'RecordPaymentFailure', data: { ...ref, paymentId: event.paymentId, paymentEventId: event.eventId, reason: event.reason } };
  return {
    type: 'PayOrder',
    data: {
      ...ref,
      paymentProcessor: doc.paymentIntent?.paymentProcessor ?? 'STRIPE',
      paymentMethodType: 'CARD',
      paymentId: event.paymentId,
      amountPaidMinor: event.amountMinor,
      ...(event.card ? { cardBrand: event.card.brand, cardLast4: event.card.last4 } : {}),
    },
  };
}

/**
 * Card payments (docs/orders-api.md, Payments): the merchant's connected Stripe accounts, what the
 * storefront needs to take a card, and Stripe's webhook, which pays the order when the diner's
 * PaymentIntent succeeds.
 */
export function paymentsRouter(
  deps: ServiceDeps,
  access: TenantAccess,
  ports: PaymentsPorts,
  catalog: CatalogReader,
  orderProjections: InlineProjection[],
  /** A tab's one card payment (its metadata names the tab): closes the tab and pays its rounds (tabs/http.ts). */
  tabPayment?: (req: Request, event: Extract<PaymentEvent, { type: 'PaymentSucceeded' | 'PaymentFailed' }> & { tabId: string }) => Promise<void>,
): Router {
  const router = Router();
  const accounts = () => deps.readModels.collection<StripeAccountsDoc>(stripeAccounts);
  const projectAccounts = projectStripeAccounts(deps.readModels);

  const webhookEvents = () => deps.readModels.collection<WebhookEventDoc>(paymentWebhookEvents);

  /** Stripe's account.updated: the account's merchant (in the event's mode) learns whether it may charge now. */
  async function updateCharges(req: Request, event: Extract<PaymentEvent, { type: 'AccountUpdated' }>): Promise<void> {
    const environment = environmentOf(event.testMode);
    const owner = await deps.readModels.collection<StripeAccountOwnerDoc>(stripeAccountOwners).get(stripeAccountOwnerId(environment, event.accountId));
    if (!owner) {
      req.log.info({ accountId: event.accountId, environment, eventId: event.eventId }, 'account.updated for no merchant of ours; ignored');
      return;
    }
    const data = { merchantId: owner.merchantId, environment, accountId: event.accountId, chargesEnabled: event.chargesEnabled, eventId: event.eventId, at: deps.now().toISOString() };
    await handleCommand(deps.eventStore, stripeAccountsStream(owner.merchantId), stripeAccountsDecider, { type: 'UpdateStripeCharges', data }, {
      metadata: metadataFrom(req, { tenantId: owner.merchantId, causationId: event.eventId }),
      inline: [projectAccounts],
    });
  }

  /** Records an order's command from a webhook; a conflict (a redelivery, a refund recorded meanwhile) changes nothing. */
  async function record(req: Request, doc: OrderDoc, command: OrderCommand, causationId: string): Promise<void> {
    try {
      await handleCommand(deps.eventStore, orderStream(doc.id), orderDecider, command, {
        metadata: metadataFrom(req, { tenantId: doc.merchantId, causationId }),
        inline: orderProjections,
      });
    } catch (err) {
      // Stripe must not retry it; the merchant sees the order as it is.
      if (!(isDomainError(err) && err.kind === 'Conflict')) throw err;
      req.log.info({ orderId: doc.id, causationId, reason: err.message }, 'payment webhook changed nothing');
    }
  }

  /**
   * The diner's card was charged for an order cancelled meanwhile: the payment goes back to the card
   * at once. When the processor does not issue the refund, the webhook fails, so Stripe delivers it
   * again and the refund is asked for again (the same idempotency key: issued once).
   */
  async function refundIfCancelled(req: Request, orderId: string, causationId: string): Promise<void> {
    const doc = await deps.readModels.collection<OrderDoc>(orders).get(orderId);
    if (doc?.progress !== 'CANCELLED') return;
    const refund = await refundLeftOnCard(ports, doc);
    if (refund) await record(req, doc, { type: 'RefundOrder', data: { orderId, merchantId: doc.merchantId, at: deps.now().toISOString(), ...refund } }, causationId);
  }

  // Public: how the storefront's checkout takes a card for this merchant and mode, if it can.
  router.get('/v1/merchants/:merchantId/payments/card', async (req, res) => {
    const { merchantId } = req.params;
    const testMode = parseInput(modeQuerySchema, req.query).testMode === 'true';
    const merchant = await catalog.merchant(merchantId);
    if (!merchant) throw notFound(checkoutMessages.merchantNotFound);
    const card = await browserCardOf(ports, merchantId, merchant.checkoutOptions.paymentProcessor, testMode);
    res.set('Cache-Control', 'no-cache').json({ card: card ?? null });
  });

  router.get('/v1/merchants/:merchantId/payments/stripe', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: 'any' });
    res.json(connectionsOf(await accounts().get(merchantId), ports));
  });

  router.post('/v1/merchants/:merchantId/payments/stripe/:environment', async (req: Request<{ merchantId: string; environment: string }>, res) => {
    const { merchantId } = req.params;
    const environment = req.params.environment as Environment;
    if (!environments.includes(environment)) throw notFound(pm.environmentInvalid);
    // An API key sets its own mode's account only.
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'admin', mode: modeOf(environment === 'sandbox') });
    const { accountId, chargesEnabled } = parseInput(connectBody, req.body ?? {});
    const data = { merchantId, environment, accountId, chargesEnabled, connectedBy: req.principal?.uid ?? '', connectedAt: deps.now().toISOString() };
    await handleCommand(deps.eventStore, stripeAccountsStream(merchantId), stripeAccountsDecider, { type: 'ConnectStripeAccount', data }, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: [projectAccounts],
    });
    res.json({ ...connectionsOf(await accounts().get(merchantId), ports), message: pm.accountConnected });
  });

  /**
   * A provider's verified webhook, handled once per event id: a payment's success or failure pays
   * the order or records why (a tab's payment closes the tab), Stripe's account.updated keeps its
   * charges current.
   */
  async function handleWebhook(req: Request, processor: CardProcessor, signature: string | undefined, notificationUrl?: string): Promise<void> {
    const raw = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    let event: PaymentEvent;
    try {
      event = await ports[processor].webhookEvent(raw, signature, notificationUrl);
    } catch (err) {
      if (!(err instanceof InvalidSignature)) throw err;
      req.log.warn({ reason: err.message, processor }, 'payment webhook refused');
      throw validationFailed(pm.invalidSignature);
    }
    const seenId = `${processor.toLowerCase()}:${event.eventId}`;
    if (event.type === 'Ignored' || (await webhookEvents().get(seenId))) return;
    if (event.type === 'AccountUpdated') {
      await updateCharges(req, event);
    } else if (event.tabId && tabPayment) {
      await tabPayment(req, { ...event, tabId: event.tabId });
    } else {
      const doc = await orderOfPayment(deps, event, req.log);
      if (doc) {
        await record(req, doc, commandOf(event, doc, deps.now().toISOString()), event.eventId);
        if (event.type === 'PaymentSucceeded') await refundIfCancelled(req, doc.id, event.eventId);
      }
    }
    // Recorded once handled: a failure above leaves it unseen, so the provider's retry handles it.
    await webhookEvents().put({ id: seenId, type: event.type, receivedAt: deps.now().toISOString() });
  }

  // Public: Stripe signs the bytes it sent. The JSON parser of the host keeps them (req.rawBody);
  // a body it did not parse (another content type) is read raw here.
  router.post('/v1/payments/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    await handleWebhook(req, 'STRIPE', req.get('stripe-signature'));
    res.json({ received: true });
  });

  // Public: Square signs the notification URL followed by the bytes it sent (x-square-hmacsha256-signature).
  router.post(SQUARE_WEBHOOK, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    await handleWebhook(req, 'SQUARE', req.get('x-square-hmacsha256-signature'), `${originOf(req)}${req.originalUrl}`);
    res.json({ received: true });
  });

  return router;
}
