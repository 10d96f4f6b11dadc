import { Router, type Request } from 'express';
import { z } from 'zod';
import { authMessages, handleCommand, metadataFrom, modeOf, notFound, pageSchema, parseInput, requestedMode, requirePrincipal, unauthorized, validationFailed, TEXT_MAX } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { TenantCollection } from '../tenants/membership';
import { tenantParams } from '../tenants/params';
import { tenantKey } from '../tenants/projections';
import { apiKeyDecider, apiKeyMessages as m, apiKeyStream, type ApiKeyCommand } from './apikey';
import { apiKeys, apiKeyView, projectApiKeys, type ApiKeyDoc } from './projections';
import { mintApiKey } from './secret';
import { apiKeyPrincipal, apiKeyUid, lookUpApiKey, REVOKED_API_KEY_GENERATION } from './verifier';
import { GENERATION_SKEW_MS } from '../accounts/revoke';

/** How long a token exchanged for an API key lives (the distributed gateway exchanges per call). */
export const API_KEY_TOKEN_TTL_SECONDS = 300;

const title = z.string({ error: 'Title must be text' }).trim().max(200, 'Title is too long');
const testMode = z.boolean({ error: 'testMode must be true or false' });
const createKey = z.object({ title: title.optional().default(''), testMode: testMode.optional() });
const updateKey = z.object({ title: title.optional(), testMode: testMode.optional() });
const listKeys = z.object({
  testMode: z.enum(['true', 'false'], { error: "testMode must be 'true' or 'false'" }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
  cursor: z.string().max(TEXT_MAX.url).optional(),
});
/** A non-text key is no key: 401 like an unknown one, never a validation error. */
const keyTokenBody = z.object({ apiKey: z.string().optional().catch(undefined) });
const apiKeyAnswer = z.object({ id: z.string(), title: z.string(), testMode: z.boolean(), keyPrefix: z.string(), createdAt: z.string() });

/** The schemas the API-key routes validate with and answer, for the OpenAPI document (src/openapi.ts). */
export const apiKeySchemas = {
  createKey,
  updateKey,
  listKeys,
  keyTokenBody,
  apiKey: apiKeyAnswer,
  apiKeys: pageSchema(apiKeyAnswer),
  created: z.object({ apiKey: z.string().describe('`sk_live_…` or `sk_test_…`, shown this once'), id: z.string(), message: z.string() }),
  token: z.object({ token: z.string(), expiresIn: z.number().int() }),
};

/**
 * API keys (docs/identity-api.md "API keys"): tenant admins only. A key acts in its own mode only,
 * so every route checks the tenant first (403 for strangers, before anything is looked up) and then
 * the mode of the key it touches. An API key may list and read keys but not create, rename or delete
 * them (deleting itself excepted): keys are made by a signed-in admin.
 */
export function apiKeysRouter(ctx: Pick<IdentityContext, 'deps' | 'tokens' | 'tenancy' | 'generations'>): Router {
  const { deps, tokens, tenancy, generations } = ctx;
  const router = Router();
  tenantParams(router);
  const project = projectApiKeys(deps.readModels);
  const store = () => deps.readModels.collection<ApiKeyDoc>(apiKeys);
  const tenantOf = (req: Request) => req.params as { collection: TenantCollection; id: string };
  /** `changes`: the call creates, renames or deletes a key, which a signed-in admin may and an API key may not (TenantNeed.managesAccess). */
  const authorize = (req: Request, mode: 'production' | 'sandbox' | 'any', changes = false) =>
    tenancy.authorize(req.principal, { ...tenantOf(req), role: 'admin', mode, managesAccess: changes });
  const run = (req: Request, apiKeyId: string, command: ApiKeyCommand) =>
    handleCommand(deps.eventStore, apiKeyStream(apiKeyId), apiKeyDecider, command, {
      metadata: metadataFrom(req, { tenantId: tenantOf(req).id, tenantCollection: tenantOf(req).collection }),
      inline: [project],
    });

  /**
   * The tenant's key named in the path, once the caller may act on it; 404 for another tenant's.
   * `changes` as authorize's, except that a key may always delete itself (a leaked key can be ended with itself).
   */
  async function keyInPath(req: Request, changes: 'read' | 'rename' | 'delete' = 'read'): Promise<ApiKeyDoc> {
    await authorize(req, 'any');
    const { collection, id } = tenantOf(req);
    const key = await store().get(req.params.apiKeyId as string);
    if (!key || key.tenant !== tenantKey(collection, id)) throw notFound(m.notFound);
    const itself = req.principal?.uid === apiKeyUid(key.id);
    await authorize(req, modeOf(key.testMode), changes === 'rename' || (changes === 'delete' && !itself));
    return key;
  }

  router.get('/v1/:collection/:id/api-keys', async (req, res) => {
    await authorize(req, 'any');
    const query = parseInput(listKeys, req.query ?? {});
    const requested = query.testMode === undefined ? undefined : query.testMode === 'true';
    if (requested !== undefined) await authorize(req, modeOf(requested));
    const { collection, id } = tenantOf(req);
    const mode = requested ?? req.principal?.tenant?.testMode;
    const filter = { tenant: tenantKey(collection, id), ...(mode === undefined ? {} : { testMode: mode }) };
    const page = await store().find({ filter, sort: 'createdAt', order: 'desc', limit: query.limit, cursor: query.cursor });
    res.json({ data: page.data.map(apiKeyView), nextCursor: page.nextCursor, total: page.total });
  });

  router.get('/v1/:collection/:id/api-keys/:apiKeyId', async (req, res) => {
    res.json(apiKeyView(await keyInPath(req)));
  });

  router.post('/v1/:collection/:id/api-keys', async (req, res) => {
    await authorize(req, 'any');
    const fields = parseInput(createKey, req.body ?? {});
    const keyMode = requestedMode(req, fields.testMode);
    await authorize(req, modeOf(keyMode), true);
    const { collection, id } = tenantOf(req);
    const apiKeyId = deps.newId();
    const { apiKey, keyPrefix, secretSha256 } = mintApiKey(keyMode);
    await run(req, apiKeyId, {
      type: 'CreateApiKey',
      data: { apiKeyId, collection, tenantId: id, title: fields.title, testMode: keyMode, keyPrefix, secretSha256, createdBy: requirePrincipal(req).uid, at: deps.now().toISOString() },
    });
    res.status(201).json({ apiKey, id: apiKeyId, message: m.created });
  });

  router.post('/v1/:collection/:id/api-keys/:apiKeyId', async (req, res) => {
    const key = await keyInPath(req, 'rename');
    const fields = parseInput(updateKey, req.body ?? {});
    if (fields.testMode !== undefined && fields.testMode !== key.testMode) throw validationFailed(m.modeFixed, { testMode: m.modeFixed });
    if (fields.title !== undefined) await run(req, key.id, { type: 'RenameApiKey', data: { apiKeyId: key.id, title: fields.title, at: deps.now().toISOString() } });
    res.json({ message: m.updated });
  });

  router.delete('/v1/:collection/:id/api-keys/:apiKeyId', async (req, res) => {
    const key = await keyInPath(req, 'delete');
    await run(req, key.id, { type: 'RevokeApiKey', data: { apiKeyId: key.id, by: requirePrincipal(req).uid, at: deps.now().toISOString() } });
    // The tokens exchanged for it (POST /v1/auth/api-key-token) end now in every process, not when they expire.
    await generations.publish(apiKeyUid(key.id), REVOKED_API_KEY_GENERATION, API_KEY_TOKEN_TTL_SECONDS * 1000 + GENERATION_SKEW_MS);
    res.json({ message: m.deleted });
  });

  router.post('/v1/auth/api-key-token', async (req, res) => {
    const { apiKey } = parseInput(keyTokenBody, req.body ?? {});
    const secret = apiKey !== undefined ? await lookUpApiKey(deps.readModels, apiKey) : undefined;
    if (!secret) throw unauthorized(authMessages.invalidToken, 'token_invalid');
    const { uid, claims, tenant } = apiKeyPrincipal(secret);
    const token = await tokens.issue({ uid, claims, tenant }, { ttlSeconds: API_KEY_TOKEN_TTL_SECONDS });
    res.json({ token, expiresIn: API_KEY_TOKEN_TTL_SECONDS });
  });

  return router;
}
