import { z } from 'zod';
import { itemsAnswer, listQuerySchema, messageAnswer, modeQuerySchema, type ServiceApiDoc } from '@seatside/chassis';
import { checkoutRequest, quoteRequest } from './checkout/request';
import { actionBody, waitQuery } from './orders/http';
import { checkoutAnswer, orderActionAnswer, orderAnswer, orderListAnswer, publicOrderAnswer, quoteAnswer } from './orders/views';
import { connectBody } from './payments/http';
import { locationBody } from './payments/square-http';
import { groupSchemas } from './groups/http';
import { groupAnswer } from './groups/group';
import { tabSchemas } from './tabs/http';
import { tabAnswer } from './tabs/tab';
import { statsQuery } from './stats/http';
import { widgetAnswer } from './stats/reader';

/**
 * The orders service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 * Examples are what the gateway's contract test calls each operation with, as a member of a fresh merchant.
 */
const stripeConnection = z.object({ connected: z.boolean(), chargesEnabled: z.boolean(), connectable: z.boolean(), dashboardUrl: z.string(), accountId: z.string().optional() }).loose();
const stripeConnections = z.object({ production: stripeConnection, sandbox: stripeConnection });
const squareConnection = z.object({ connected: z.boolean(), locationId: z.string().nullable(), squareMerchantId: z.string().optional() }).loose();
const squareConnections = z.object({ production: squareConnection, sandbox: squareConnection }).loose();
/** An OAuth sign-in address to send the merchant's browser to. */
const signInUrl = z.object({ url: z.string() });
/** A webhook's answer once handled (or seen before). */
const received = z.object({ received: z.literal(true) });
const withMessage = { message: z.string() };

const sandbox = { merchantId: 'm_demo', environment: 'sandbox' };
const diner = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const aLine = { productId: 'p_1', quantity: 1 };

export const ordersApi: ServiceApiDoc = {
  tag: 'orders',
  description: 'Checkout, orders, card payments, group orders, tabs and sales stats (docs/orders-api.md).',
  errors: ['order_not_found'],
  operations: [
    {
      route: 'GET /v1/merchants/:merchantId/orders',
      summary: 'List the merchant’s orders, newest first (stage=kitchen|runner: a queue, oldest first)',
      query: listQuerySchema,
      response: orderListAnswer,
    },
    {
      route: 'POST /v1/merchants/:merchantId/orders',
      summary: 'Place an order (checkout), priced on the server; with an API key, in the key’s mode',
      body: checkoutRequest,
      response: checkoutAnswer,
      status: 201,
      public: true,
      idempotent: true,
      errors: ['conflict', 'out_of_stock', 'slot_full', 'payment_provider_failed'],
      example: {
        params: { merchantId: 'm_demo' },
        body: { lineItems: [aLine], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: diner },
      },
    },
    { route: 'GET /v1/merchants/:merchantId/orders/:orderId', summary: 'Read one order, with the actions it allows now (nextActions)', response: orderAnswer, errors: ['order_not_found'] },
    {
      route: 'POST /v1/merchants/:merchantId/orders/:orderId/:action',
      status: 200,
      summary: 'Progress an order: accept, ready, complete, cancel, pay (cash) or refund (one of the order’s nextActions); a refund honours an Idempotency-Key, so a retry is answered and never refunds twice',
      body: actionBody,
      idempotent: true,
      response: orderActionAnswer,
      errors: ['conflict', 'order_not_found', 'payment_provider_failed', 'version_conflict'],
      example: { params: { action: 'accept' }, body: {} },
    },
    {
      route: 'POST /v1/merchants/:merchantId/orders/quote',
      status: 200,
      summary: 'Price a cart as checkout would, line by line (nothing is written)',
      body: quoteRequest,
      response: quoteAnswer,
      public: true,
      errors: ['conflict', 'out_of_stock', 'slot_full'],
      example: { body: { lineItems: [aLine], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH' } },
    },
    {
      route: 'GET /v1/merchants/:merchantId/payments/card',
      summary: 'Whether the storefront can take a card for the merchant (testMode=true: the sandbox), and with which publishable key',
      query: modeQuerySchema,
      response: z.object({ card: z.object({}).loose().nullable() }),
      public: true,
    },
    { route: 'GET /v1/merchants/:merchantId/payments/stripe', summary: 'The merchant’s Stripe connection in each environment', response: stripeConnections },
    {
      route: 'POST /v1/merchants/:merchantId/payments/stripe/:environment',
      status: 200,
      summary: 'Connect a Stripe account (acct_…) for an environment (production or sandbox); admins only',
      body: connectBody,
      response: stripeConnections.extend(withMessage),
      errors: ['conflict'],
      example: { params: sandbox, body: { accountId: 'acct_1OpenApiExample', chargesEnabled: true } },
    },
    { route: 'GET /v1/merchants/:merchantId/wait', summary: 'The wait a diner ordering now would get, in minutes', query: waitQuery, response: z.object({ currentWaitMinutes: z.number() }), public: true },
    {
      route: 'GET /v1/merchants/:merchantId/stats/:widget',
      summary: 'A sales widget of the merchant home: sales, tips, tax, refunds, customers… (docs/orders-api.md "Sales stats")',
      query: statsQuery,
      response: widgetAnswer,
      example: { params: { widget: 'sales' }, query: { range: 'week' } },
    },
    {
      route: 'GET /v1/orders/:orderId',
      summary: 'The diner’s view of an order, opened by its status token (query: token), with when it should be ready',
      response: publicOrderAnswer,
      public: true,
      errors: ['order_not_found'],
    },
    {
      route: 'GET /v1/orders/:orderId/card',
      summary: 'The card step of an order that awaits its card, opened again by its status token (query: token): Stripe’s client secret, or card: null',
      response: z.object({ card: z.object({ processor: z.literal('STRIPE'), publishableKey: z.string(), accountId: z.string(), clientSecret: z.string() }).nullable() }),
      public: true,
      errors: ['order_not_found'],
    },
    {
      route: 'POST /v1/payments/stripe/webhook',
      status: 200,
      summary: 'Stripe’s webhook: a payment succeeded or failed, an account’s charges changed',
      description: 'The body is Stripe’s event as Stripe signed its bytes (Stripe-Signature); an unsigned or wrongly signed one is refused.',
      response: received,
      public: true,
    },
    {
      route: 'POST /v1/payments/square/webhook',
      status: 200,
      summary: 'Square’s webhook: a payment or refund changed',
      description: 'The body is Square’s notification as Square signed it with the notification URL (x-square-hmacsha256-signature).',
      response: received,
      public: true,
    },
    {
      route: 'GET /v1/merchants/:merchantId/stripe/:environment/connect/oauth/:token',
      summary: 'Stripe Connect: the address to send the merchant to, to connect an account (with a signed state)',
      response: signInUrl,
      example: { params: { ...sandbox, token: 'connect' } },
    },
    {
      route: 'GET /v1/payments/stripe/connect/callback',
      summary: 'Stripe Connect: where Stripe sends the merchant back; records the account and redirects to the payments screen',
      public: true,
      status: 303,
    },
    {
      route: 'GET /v1/merchants/:merchantId/payments/square',
      summary: 'The merchant’s Square connections and chosen locations (never a token)',
      response: squareConnections.extend({ connectable: z.object({ production: z.boolean(), sandbox: z.boolean() }) }),
    },
    {
      route: 'GET /v1/square/:merchantId/:environment/oauth/:token',
      summary: 'Square: the address to send the seller to, to connect (with a signed state)',
      response: signInUrl,
      example: { params: { ...sandbox, token: 'connect' } },
    },
    {
      route: 'GET /v1/payments/square/oauth/callback',
      summary: 'Square: where Square sends the seller back; stores the tokens sealed and redirects to the payments screen',
      public: true,
      status: 303,
    },
    {
      route: 'POST /v1/square/:merchantId/:environment/oauth/deauthorize/:token',
      status: 200,
      summary: 'Square: disconnect an environment (revokes the app’s access)',
      response: messageAnswer,
      errors: ['payment_provider_failed'],
      example: { params: { ...sandbox, token: 'disconnect' } },
    },
    {
      route: 'GET /v1/merchants/:merchantId/:environment/square/locations',
      summary: 'Square: the seller’s locations',
      response: z.array(z.object({ id: z.string(), name: z.string() })),
      errors: ['payment_provider_failed'],
      example: { params: sandbox },
    },
    {
      route: 'POST /v1/merchants/:merchantId/:environment/square/location',
      status: 200,
      summary: 'Square: choose the location the environment’s payments go to',
      body: locationBody,
      response: squareConnections.extend(withMessage),
      errors: ['payment_provider_failed'],
      example: { params: sandbox, body: { locationId: 'L_OPENAPI' } },
    },
    {
      route: 'POST /v1/merchants/:merchantId/groups',
      summary: 'Start a group order: the link to share, and the group',
      body: groupSchemas.startBody,
      response: z.object({ groupId: z.string(), signature: z.string(), url: z.string(), participantId: z.string(), group: groupAnswer }),
      status: 201,
      public: true,
      example: { body: { firstName: 'Ada', clientId: 'openapi-client-1' } },
    },
    {
      route: 'POST /v1/:merchantId/order/join/:signature',
      status: 200,
      summary: 'Join a group order by its invitation (guest first name, or signed in), with the browser’s clientId',
      body: groupSchemas.joinBody,
      response: z.looseObject({
        type: z.literal('merchant'),
        data: z.looseObject({ id: z.string(), name: z.string(), handle: z.string(), groupId: z.string(), participantId: z.string().optional(), group: groupAnswer }),
        signature: z.string(),
        requestedBy: z.string(),
      }),
      public: true,
      errors: ['invitation_invalid', 'group_closed'],
      example: { body: { firstName: 'Grace', clientId: 'openapi-client-2' } },
    },
    {
      route: 'GET /v1/groups/:groupId',
      summary: 'A group order as its participants see it (query: signature), with the merchant’s name',
      response: groupAnswer.extend({ merchant: z.object({ name: z.string(), handle: z.string() }) }),
      public: true,
      errors: ['invitation_invalid'],
    },
    {
      route: 'POST /v1/groups/:groupId/lines',
      summary: 'A participant adds their own lines to the group order',
      body: groupSchemas.linesBody,
      response: groupAnswer,
      status: 201,
      public: true,
      errors: ['invitation_invalid', 'group_closed'],
      example: { body: { signature: 'from-the-invitation', clientId: 'openapi-client-1', lineItems: [aLine] } },
    },
    {
      route: 'POST /v1/groups/:groupId/lines/:lineId/remove',
      status: 200,
      summary: 'A participant removes their own line; the host removes anyone’s',
      body: groupSchemas.capability,
      response: groupAnswer,
      public: true,
      errors: ['invitation_invalid', 'not_line_owner', 'line_not_found', 'group_closed'],
      example: { body: { signature: 'from-the-invitation', clientId: 'openapi-client-1' } },
    },
    {
      route: 'POST /v1/groups/:groupId/place',
      summary: 'The host places the group as one order, every line labelled by its participant',
      body: groupSchemas.placeBody,
      response: checkoutAnswer.extend({ group: groupAnswer }),
      status: 201,
      public: true,
      errors: ['invitation_invalid', 'group_closed', 'conflict', 'out_of_stock', 'slot_full', 'payment_provider_failed'],
      example: { body: { signature: 'from-the-invitation', clientId: 'openapi-client-1', fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: diner } },
    },
    {
      route: 'POST /v1/merchants/:merchantId/tabs',
      summary: 'Open a tab (when the merchant offers tabs): its id, the diner’s token and the tab',
      body: tabSchemas.openBody,
      response: z.object({ tabId: z.string(), token: z.string(), tab: tabAnswer }),
      status: 201,
      public: true,
      example: { body: { customer: diner } },
    },
    { route: 'GET /v1/tabs/:tabId', summary: 'A tab with its rounds and running total (query: token)', response: tabAnswer, public: true, errors: ['invitation_invalid'] },
    {
      route: 'POST /v1/tabs/:tabId/rounds',
      summary: 'Send a round: the diner’s lines as an order on the tab, paid when the tab closes (Idempotency-Key: the round’s id)',
      body: tabSchemas.roundBody,
      response: z.object({ round: checkoutAnswer, tab: tabAnswer }),
      status: 201,
      public: true,
      idempotent: true,
      errors: ['invitation_invalid', 'tab_closed', 'conflict', 'out_of_stock', 'slot_full'],
      example: { body: { token: 'from-the-open', lineItems: [aLine] } },
    },
    {
      route: 'POST /v1/tabs/:tabId/close',
      status: 200,
      summary: 'The diner closes the tab: one card payment whose webhook closes it, or a request to pay staff in cash (status awaiting_cash; nothing is paid until staff close it)',
      body: tabSchemas.closeBody,
      response: tabAnswer.extend({ ...withMessage, cardPayment: z.looseObject({ paymentProcessor: z.string(), paymentId: z.string(), amount: z.number() }).optional() }),
      public: true,
      errors: ['invitation_invalid', 'tab_closed', 'round_pending', 'conflict', 'payment_provider_failed'],
      example: { body: { token: 'from-the-open', paymentProcessor: 'CASH' } },
    },
    {
      route: 'GET /v1/merchants/:merchantId/tabs',
      summary: 'The merchant’s open tabs with running totals, those awaiting cash among them (status=closed: the closed ones)',
      query: tabSchemas.tabsQuery,
      response: itemsAnswer(tabAnswer),
    },
    {
      route: 'POST /v1/merchants/:merchantId/tabs/:tabId/close',
      status: 200,
      summary: 'The merchant closes a tab, paid once in cash (taken by staff): every round is paid',
      body: tabSchemas.closeBody,
      response: tabAnswer.extend(withMessage),
      errors: ['tab_closed', 'round_pending', 'conflict'],
      example: { body: { paymentProcessor: 'CASH' } },
    },
  ],
};
