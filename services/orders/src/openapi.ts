import { z } from 'zod';
import { itemsAnswer, listQuerySchema, type ServiceApiDoc } from '@seatside/chassis';
import { checkoutRequest, quoteRequest } from './checkout/request';
import { waitQuery } from './orders/http';
import { orderActionAnswer, orderAnswer, orderListAnswer } from './orders/views';
import { groupSchemas } from './groups/http';
import { tabSchemas } from './tabs/http';
import { statsQuery } from './stats/http';

/**
 * The orders service's /v1 operations in the OpenAPI document (/v1/openapi.json; chassis http/openapi.ts).
 * A new route gets its line here, naming the zod schemas it validates with (`body`, `query`, `response`).
 */
const stripeConnection = z.object({ connected: z.boolean(), chargesEnabled: z.boolean(), connectable: z.boolean(), dashboardUrl: z.string() }).loose();
const squareConnection = z.object({ connected: z.boolean(), locationId: z.string().nullable() }).loose();

export const ordersApi: ServiceApiDoc = {
  tag: 'orders',
  description: 'Checkout, orders, card payments (docs/orders-api.md).',
  errors: ['order_not_found'],
  operations: [
    { route: 'GET /v1/merchants/:merchantId/orders', summary: 'List the merchant’s orders, newest first', query: listQuerySchema, response: orderListAnswer },
    {
      route: 'POST /v1/merchants/:merchantId/orders',
      summary: 'Place an order (checkout), priced on the server',
      body: checkoutRequest,
      status: 201,
      public: true,
      idempotent: true,
      errors: ['conflict', 'out_of_stock', 'payment_provider_failed'],
      example: {
        params: { merchantId: 'm_demo' },
        body: { lineItems: [{ productId: 'p_1', quantity: 1 }], fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH' },
      },
    },
    { route: 'GET /v1/merchants/:merchantId/orders/:orderId', summary: 'Read one order, with the actions it allows now (nextActions)', response: orderAnswer, errors: ['order_not_found'] },
    {
      route: 'POST /v1/merchants/:merchantId/orders/:orderId/:action',
      summary: 'Progress an order: accept, ready, complete, cancel, pay or refund (one of the order’s nextActions)',
      response: orderActionAnswer,
      errors: ['conflict', 'order_not_found', 'payment_provider_failed', 'version_conflict'],
    },
    { route: 'POST /v1/merchants/:merchantId/orders/quote', summary: 'Price a cart as checkout would, line by line', body: quoteRequest, public: true, errors: ['conflict'] },
    { route: 'GET /v1/merchants/:merchantId/payments/card', summary: 'Whether the merchant can take cards, and the publishable key', response: z.object({ card: z.object({}).loose().nullable() }), public: true },
    { route: 'GET /v1/merchants/:merchantId/payments/stripe', summary: 'The merchant’s Stripe connection', response: z.object({ production: stripeConnection, sandbox: stripeConnection }) },
    { route: 'POST /v1/merchants/:merchantId/payments/stripe/:environment', summary: 'Connect Stripe for an environment', errors: ['conflict'] },
    { route: 'GET /v1/merchants/:merchantId/wait', summary: 'The wait a diner ordering now would get, in minutes', query: waitQuery, response: z.object({ currentWaitMinutes: z.number() }), public: true },
    { route: 'GET /v1/merchants/:merchantId/stats/:widget', summary: 'A sales widget of the merchant home (docs/orders-api.md "Sales stats")', query: statsQuery },
    { route: 'GET /v1/orders/:orderId', summary: 'The diner’s view of an order, by its status token', public: true, errors: ['order_not_found'] },
    { route: 'POST /v1/payments/stripe/webhook', summary: 'Stripe’s signed webhook (payments, account.updated)', public: true },
    { route: 'POST /v1/payments/square/webhook', summary: 'Square’s signed webhook (x-square-hmacsha256-signature: payments, refunds)', public: true },
    { route: 'GET /v1/merchants/:merchantId/stripe/:environment/connect/oauth/:token', summary: 'Stripe Connect: the OAuth sign-in address for an environment, with a signed state' },
    { route: 'GET /v1/payments/stripe/connect/callback', summary: 'Stripe Connect: where Stripe sends the merchant back; records the account and redirects to the screen', public: true, status: 303 },
    { route: 'GET /v1/merchants/:merchantId/payments/square', summary: 'The merchant’s Square connections and chosen locations (never a token)', response: z.object({ production: squareConnection, sandbox: squareConnection, connectable: z.object({ production: z.boolean(), sandbox: z.boolean() }) }).loose() },
    { route: 'GET /v1/square/:merchantId/:environment/oauth/:token', summary: 'Square: the OAuth sign-in address for an environment, with a signed state' },
    { route: 'GET /v1/payments/square/oauth/callback', summary: 'Square: where Square sends the seller back; stores the tokens sealed and redirects to the screen', public: true, status: 303 },
    { route: 'POST /v1/square/:merchantId/:environment/oauth/deauthorize/:token', summary: 'Square: revoke the app’s access for an environment', errors: ['payment_provider_failed'] },
    { route: 'GET /v1/merchants/:merchantId/:environment/square/locations', summary: 'Square: the seller’s locations ([{id, name}])', errors: ['payment_provider_failed'] },
    { route: 'POST /v1/merchants/:merchantId/:environment/square/location', summary: 'Square: save the chosen location as squareLocationId:{environment}', errors: ['payment_provider_failed'] },
    { route: 'POST /v1/merchants/:merchantId/groups', summary: 'Start a group order: {groupId, signature, url} to share', body: groupSchemas.startBody, status: 201, public: true },
    {
      route: 'POST /v1/:merchantId/order/join/:signature',
      summary: 'Join a group order by its invitation (guest first name, or signed in), with the browser’s clientId: the join-order response',
      body: groupSchemas.joinBody,
      public: true,
      errors: ['invitation_invalid', 'group_closed'],
    },
    { route: 'GET /v1/groups/:groupId', summary: 'A group order as its participants see it (query: signature)', public: true, errors: ['invitation_invalid'] },
    { route: 'POST /v1/groups/:groupId/lines', summary: 'A participant adds their own lines to the group order', body: groupSchemas.linesBody, status: 201, public: true, errors: ['invitation_invalid', 'group_closed'] },
    { route: 'POST /v1/groups/:groupId/lines/:lineId/remove', summary: 'A participant removes their own line; the host removes anyone’s', body: groupSchemas.capability, public: true, errors: ['invitation_invalid', 'not_line_owner', 'line_not_found', 'group_closed'] },
    {
      route: 'POST /v1/groups/:groupId/place',
      summary: 'The host places the group as one order, every line labelled by its participant (checkout fields as POST …/orders)',
      body: groupSchemas.capability,
      status: 201,
      public: true,
      errors: ['invitation_invalid', 'group_closed', 'conflict', 'out_of_stock', 'payment_provider_failed'],
    },
    { route: 'POST /v1/merchants/:merchantId/tabs', summary: 'Open a tab (fulfillmentTypes.TAB): {tabId, token, tab}', body: tabSchemas.openBody, status: 201, public: true },
    { route: 'GET /v1/tabs/:tabId', summary: 'A tab with its rounds and running total (query: token)', public: true, errors: ['invitation_invalid'] },
    { route: 'POST /v1/tabs/:tabId/rounds', summary: 'Send a round: an order (fulfillment TAB) placed on the tab', status: 201, public: true, errors: ['invitation_invalid', 'tab_closed', 'conflict', 'out_of_stock'] },
    { route: 'POST /v1/tabs/:tabId/close', summary: 'Close the tab and pay it once (cash, or one card payment whose webhook closes it)', body: tabSchemas.closeBody, public: true, errors: ['invitation_invalid', 'tab_closed', 'round_pending', 'conflict'] },
    { route: 'GET /v1/merchants/:merchantId/tabs', summary: 'The merchant’s open tabs (status=closed: closed ones) with running totals', response: itemsAnswer(z.object({}).loose()) },
    { route: 'POST /v1/merchants/:merchantId/tabs/:tabId/close', summary: 'The merchant closes a tab, paid once (cash)', body: tabSchemas.closeBody, errors: ['tab_closed', 'round_pending', 'conflict'] },
  ],
};
