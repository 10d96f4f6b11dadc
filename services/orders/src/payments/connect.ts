import { Router, type Request, type Response } from 'express';
import {
  conflict, handleCommand, isDomainError, metadataFrom, modeOf, notFound, validationFailed,
  type Decider, type Logger, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { environments, projectStripeAccounts, stripeAccountsDecider, stripeAccountsStream, type Environment } from './accounts';
import { paymentMessages as pm } from './messages';
import { ConnectNotCompleted, PaymentsNotConfigured, type PaymentsPort } from './port';
import { signState, verifyState, type ConnectState } from './state';

/** Where Stripe sends the merchant's browser back to (register it in the Connect settings of both modes). */
export const STRIPE_CONNECT_CALLBACK = '/v1/payments/stripe/connect/callback';

/** The settings section the browser returns to, with the outcome for the screen. */
export const paymentsScreenPath = (merchantId: string) => `/dashboard/merchants/${encodeURIComponent(merchantId)}/settings/payments`;

export type StateUse = { type: 'ConnectStateUsed'; data: { nonce: string; merchantId: string; environment: Environment; at: string } };

/** A state's nonce is used once: a second callback with it (a replay) is a Conflict and records nothing. */
export const stateUseDecider: Decider<StateUse, StateUse, { used: boolean }> = {
  initialState: () => ({ used: false }),
  decide: (command, state) => {
    if (state.used) throw conflict(pm.stateUsed);
    return [command];
  },
  evolve: () => ({ used: true }),
};

/** This request's origin as the browser sees it (behind a proxy: TRUST_PROXY). */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/**
 * Stripe Connect onboarding (docs/orders-api.md, Payments): a merchant admin asks for Stripe's
 * sign-in address for one mode; Stripe sends the browser back with a code and our signed state; the
 * code is exchanged with that mode's key and the account recorded for that mode. Failures are
 * logged and the browser returns to the screen, which shows the connection as it is (seed 001 §8).
 */
export function stripeConnectRouter(deps: ServiceDeps, access: TenantAccess, stripe: PaymentsPort, stateSecret: string): Router {
  const router = Router();
  const projectAccounts = projectStripeAccounts(deps.readModels);

  router.get('/v1/merchants/:merchantId/stripe/:environment/connect/oauth/:token', async (req: Request<{ merchantId: string; environment: string; token: string }>, res) => {
    const { merchantId } = req.params;
    const environment = req.params.environment as Environment;
    if (!environments.includes(environment)) throw notFound(pm.environmentInvalid);
    const testMode = environment === 'sandbox';
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'admin', mode: modeOf(testMode) });
    if (!stripe.connectable(testMode)) throw validationFailed(pm.connectNotConfigured.STRIPE);
    const state = signState(stateSecret, { provider: 'stripe', merchantId, environment, uid: req.principal?.uid ?? '' }, deps.now());
    res.set('Cache-Control', 'no-store').json({ url: stripe.connectUrl(testMode, { state, redirectUri: `${originOf(req)}${STRIPE_CONNECT_CALLBACK}` }) });
  });

  /** Back to the screen: `stripe=connected|failed`, for the mode the state named. */
  const back = (res: Response, state: ConnectState | undefined, outcome: 'connected' | 'failed') =>
    res.redirect(303, state ? `${paymentsScreenPath(state.merchantId)}?stripe=${outcome}&environment=${state.environment}` : '/dashboard');

  async function refuse(res: Response, log: Logger, state: ConnectState | undefined, reason: string, err?: unknown) {
    log.warn({ reason, merchantId: state?.merchantId, environment: state?.environment, ...(err ? { err } : {}) }, 'Stripe Connect callback refused; nothing recorded');
    back(res, state, 'failed');
  }

  // Public: the merchant's browser, sent back by Stripe. Everything it carries is checked here.
  router.get(STRIPE_CONNECT_CALLBACK, async (req, res) => {
    const text = typeof req.query.state === 'string' ? req.query.state : '';
    const verified = verifyState(stateSecret, text, deps.now());
    if ('refused' in verified || verified.state.provider !== 'stripe') return refuse(res, req.log, undefined, 'refused' in verified ? verified.refused : 'state of another provider');
    const { state } = verified;
    if (typeof req.query.error === 'string') return refuse(res, req.log, state, `Stripe answered ${req.query.error}`);
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    if (!code) return refuse(res, req.log, state, 'no code');
    const metadata = metadataFrom(req, { tenantId: state.merchantId });
    const at = deps.now().toISOString();
    try {
      const use: StateUse = { type: 'ConnectStateUsed', data: { nonce: state.nonce, merchantId: state.merchantId, environment: state.environment, at } };
      await handleCommand(deps.eventStore, `payment-connect-state-${state.nonce}`, stateUseDecider, use, { metadata });
    } catch (err) {
      if (isDomainError(err) && err.kind === 'Conflict') return refuse(res, req.log, state, 'state already used');
      throw err;
    }
    const testMode = state.environment === 'sandbox';
    let account;
    try {
      account = await stripe.completeConnect(testMode, code);
    } catch (err) {
      if (err instanceof ConnectNotCompleted || err instanceof PaymentsNotConfigured) return refuse(res, req.log, state, err.message, err instanceof ConnectNotCompleted ? err.cause : undefined);
      throw err;
    }
    const data = { merchantId: state.merchantId, environment: state.environment, ...account, connectedBy: state.uid, connectedAt: at };
    await handleCommand(deps.eventStore, stripeAccountsStream(state.merchantId), stripeAccountsDecider, { type: 'ConnectStripeAccount', data }, { metadata, inline: [projectAccounts] });
    req.log.info({ merchantId: state.merchantId, environment: state.environment, chargesEnabled: account.chargesEnabled }, 'Stripe account connected');
    back(res, state, 'connected');
  });

  return router;
}
