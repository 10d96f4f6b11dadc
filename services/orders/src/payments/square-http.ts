import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  handleCommand, isDomainError, metadataFrom, modeOf, notFound, parseInput, providerFailed, validationFailed,
  type DataKeyRing, type Logger, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import type { SquareAccess } from './square-access';
import { environments, type Environment } from './accounts';
import { originOf, paymentsScreenPath, stateUseDecider, type StateUse } from './connect';
import { paymentMessages as pm } from './messages';
import { SquareFailed, type SquareConnector } from './square-connect';
import { openToken, publicSquareOf, sealCredentials, squareConnections, type SquareCommand, type SquareConnectionsDoc } from './square-connections';
import { signState, verifyState, type ConnectState } from './state';

/** Where Square sends the seller's browser back to (register it as the app's redirect URL in both modes). */
export const SQUARE_CALLBACK = '/v1/payments/square/oauth/callback';

export const locationBody = z.object({ locationId: z.string({ error: pm.squareLocationInvalid }).trim().min(1, pm.squareLocationInvalid).max(200) });

/**
 * Square connection per environment (seed 001 §7): OAuth sign-in address, the callback that stores
 * the seller's tokens sealed, deauthorize, the seller's locations and the chosen one. Payments
 * through the connection: square.ts (the payments port).
 */
export function squareRouter(deps: ServiceDeps, access: TenantAccess, square: SquareConnector, sellers: SquareAccess, keys: () => DataKeyRing, stateSecret: string): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<SquareConnectionsDoc>(squareConnections);
  const environmentOf = (text: string): Environment => {
    if (!environments.includes(text as Environment)) throw notFound(pm.environmentInvalid);
    return text as Environment;
  };
  const admin = (req: Request, merchantId: string, environment: Environment) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'admin', mode: modeOf(environment === 'sandbox') });
  const record = (req: Request, command: SquareCommand) => sellers.record(command, metadataFrom(req, { tenantId: command.data.merchantId }));
  const failed = (err: unknown): never => {
    if (err instanceof SquareFailed) throw providerFailed(pm.squareFailed);
    throw err;
  };

  /** The connection's access token, refreshed first when it expires soon (the refresh is recorded, sealed). */
  async function accessTokenOf(req: Request, merchantId: string, environment: Environment): Promise<string> {
    const seller = await sellers.seller(merchantId, environment, metadataFrom(req, { tenantId: merchantId })).catch(failed);
    if (!seller) throw validationFailed(pm.squareNotConnected);
    return seller.accessToken;
  }

  router.get('/v1/merchants/:merchantId/payments/square', async (req, res) => {
    const { merchantId } = req.params;
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: 'any' });
    res.json({ ...publicSquareOf(await docs().get(merchantId)), connectable: { production: square.configured('production'), sandbox: square.configured('sandbox') } });
  });

  router.get('/v1/square/:merchantId/:environment/oauth/:token', async (req, res) => {
    const { merchantId } = req.params;
    const environment = environmentOf(req.params.environment);
    await admin(req, merchantId, environment);
    if (!square.configured(environment)) throw validationFailed(pm.connectNotConfigured.SQUARE);
    const state = signState(stateSecret, { provider: 'square', merchantId, environment, uid: req.principal?.uid ?? '' }, deps.now());
    res.set('Cache-Control', 'no-store').json({ url: square.authorizeUrl(environment, { state, redirectUri: `${originOf(req)}${SQUARE_CALLBACK}` }) });
  });

  const back = (res: Response, state: ConnectState | undefined, outcome: 'connected' | 'failed') =>
    res.redirect(303, state ? `${paymentsScreenPath(state.merchantId)}?square=${outcome}&environment=${state.environment}` : '/dashboard');
  const refuse = (res: Response, log: Logger, state: ConnectState | undefined, reason: string, err?: unknown) => {
    log.warn({ reason, merchantId: state?.merchantId, environment: state?.environment, ...(err ? { err } : {}) }, 'Square OAuth callback refused; nothing recorded');
    back(res, state, 'failed');
  };

  // Public: the seller's browser, sent back by Square.
  router.get(SQUARE_CALLBACK, async (req, res) => {
    const verified = verifyState(stateSecret, typeof req.query.state === 'string' ? req.query.state : '', deps.now());
    if ('refused' in verified || verified.state.provider !== 'square') return refuse(res, req.log, undefined, 'refused' in verified ? verified.refused : 'state of another provider');
    const { state } = verified;
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    if (!code) return refuse(res, req.log, state, typeof req.query.error === 'string' ? `Square answered ${req.query.error}` : 'no code');
    const at = deps.now().toISOString();
    try {
      const use: StateUse = { type: 'ConnectStateUsed', data: { nonce: state.nonce, merchantId: state.merchantId, environment: state.environment, at } };
      await handleCommand(deps.eventStore, `payment-connect-state-${state.nonce}`, stateUseDecider, use, { metadata: metadataFrom(req, { tenantId: state.merchantId }) });
    } catch (err) {
      if (isDomainError(err) && err.kind === 'Conflict') return refuse(res, req.log, state, 'state already used');
      throw err;
    }
    let credentials;
    try {
      credentials = await square.obtain(state.environment, code);
    } catch (err) {
      if (err instanceof SquareFailed) return refuse(res, req.log, state, err.message, err.cause);
      throw err;
    }
    const { merchantId, environment } = state;
    await record(req, { type: 'SquareConnected', data: { merchantId, environment, at, by: state.uid, squareMerchantId: credentials.squareMerchantId, ...sealCredentials(keys(), merchantId, environment, credentials) } });
    back(res, state, 'connected');
  });

  router.post('/v1/square/:merchantId/:environment/oauth/deauthorize/:token', async (req, res) => {
    const { merchantId } = req.params;
    const environment = environmentOf(req.params.environment);
    await admin(req, merchantId, environment);
    const connection = (await docs().get(merchantId))?.[environment];
    if (connection) {
      await square.revoke(environment, openToken(keys(), merchantId, environment, connection, 'access')).catch(failed);
      await record(req, { type: 'SquareDeauthorized', data: { merchantId, environment, at: deps.now().toISOString(), by: req.principal?.uid ?? '' } });
    }
    res.json({ message: pm.squareDeauthorized });
  });

  router.get('/v1/merchants/:merchantId/:environment/square/locations', async (req, res) => {
    const { merchantId } = req.params;
    const environment = environmentOf(req.params.environment);
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeOf(environment === 'sandbox') });
    const token = await accessTokenOf(req, merchantId, environment);
    res.json(await square.locations(environment, token).catch(failed));
  });

  router.post('/v1/merchants/:merchantId/:environment/square/location', async (req, res) => {
    const { merchantId } = req.params;
    const environment = environmentOf(req.params.environment);
    await admin(req, merchantId, environment);
    const { locationId } = parseInput(locationBody, req.body ?? {});
    const token = await accessTokenOf(req, merchantId, environment);
    const locations = await square.locations(environment, token).catch(failed);
    if (!locations.some((l) => l.id === locationId)) throw validationFailed(pm.squareLocationInvalid, { locationId: pm.squareLocationInvalid });
    await record(req, { type: 'SquareLocationChosen', data: { merchantId, environment, at: deps.now().toISOString(), locationId, by: req.principal?.uid ?? '' } });
    res.json({ ...publicSquareOf(await docs().get(merchantId)), message: pm.squareLocationSaved });
  });

  return router;
}
