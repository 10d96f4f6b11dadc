import { Router } from 'express';
import { z } from 'zod';
import {
  forbidden, handleCommand, ifMatchVersion, isTenantCollection, metadataFrom, notFound, parseInput, requiredText, requirePrincipal, setVersionTag, validationFailed,
  type ServiceDeps, type TenantAccess, TEXT_MAX,
} from '@seatside/chassis';
import { DomainError } from '@seatside/chassis';
import { fontAllowed, fontMessages, planOf } from '../fonts/catalogue';
import { noBranding } from './branding';
import { checkoutMessages, checkoutOptionsChanges, toStoredChanges } from './checkout-options';
import { HANDLE_MIN_LENGTH, isReservedHandle, normalizeHandle } from './handle';
import { settingsMessages, settingsOf, settingsSections } from './settings';
import { handleClaims, projectTenants, tenantOf, tenants, type TenantDoc } from './projections';
import { tenantDecider, tenantMessages as m, tenantStream } from './tenant';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@seatside/rules';

/** Seed 002 §9: the default hours time zone. */
export { DEFAULT_TIME_ZONE };

export const createTenant = z.object({
  name: requiredText(m.nameRequired).max(TEXT_MAX.title),
  handle: requiredText(m.handleRequired)
    .max(TEXT_MAX.code)
    .transform(normalizeHandle)
    .refine((handle) => handle.length >= HANDLE_MIN_LENGTH, m.handleTooShort)
    .refine((handle) => !isReservedHandle(handle), m.handleTaken),
  description: z.string().trim().max(500).optional().default(''),
  googlePlaceId: z.string().trim().max(300).optional().default(''),
  timeZone: z
    .string()
    .trim()
    .optional()
    .transform((zone) => zone || DEFAULT_TIME_ZONE)
    .refine(isTimeZone, m.invalidTimeZone),
});


/** Seed 001 §7 "Settings": the sections `POST /v1/{collection}/{id}` takes; merchants also take checkoutOptions. */
const tenantChanges = z.object(settingsSections).strict();
export const merchantChanges = tenantChanges.extend({ checkoutOptions: checkoutOptionsChanges.optional() }).strict();

/** Registration (seed 000 §4): a signed-in user creates a merchant, venue or app and becomes its admin; members read it. */
export function tenantsRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectTenants(deps.readModels, deps.schema);

  router.post('/v1/:collection/create', async (req, res, next) => {
    const { collection } = req.params;
    if (!isTenantCollection(collection)) return next();
    const principal = requirePrincipal(req);
    if (principal.tenant) throw forbidden(m.apiKeysCannotCreate);
    const fields = parseInput(createTenant, req.body ?? {});
    const id = deps.newId();
    await handleCommand(deps.eventStore, tenantStream(collection, id), tenantDecider, {
      type: 'CreateTenant',
      collection,
      data: { id, ...fields, branding: noBranding(), createdBy: principal.uid, at: deps.now().toISOString() },
    }, {
      metadata: { ...metadataFrom(req), tenantId: id },
      // DESIGN §6: the creator is this tenant's admin here at once, in the creating transaction.
      inline: [project, (_events, tx) => access.grantCreator(tx, { collection, tenantId: id, uid: principal.uid })],
    });
    res.status(201).json({ id, message: m.created[collection] });
  });

  router.get('/v1/handles/:handle', async (req, res) => {
    const handle = normalizeHandle(req.params.handle);
    if (handle.length < HANDLE_MIN_LENGTH) throw validationFailed(m.handleTooShort, { handle: m.handleTooShort });
    const owner = await handleClaims(deps.schema).ownerOf(deps.pool, handle);
    if (!owner) throw notFound(m.handleNotFound);
    const [type, id] = owner.split('/');
    res.json({ type, id });
  });

  /** The tenant document for its members (any role, an API key of either mode); ids are public (handles resolve to them). */
  router.get('/v1/:collection/:id', async (req, res, next) => {
    const { collection, id } = req.params;
    if (!isTenantCollection(collection)) return next();
    requirePrincipal(req);
    const doc = await deps.readModels.collection<TenantDoc>(tenants).get(id);
    if (!doc || doc.collection !== collection) throw notFound(m.notFound[collection]);
    await access.authorize(req, { collection, id, role: 'member' });
    // A document not written since versions were kept has none: its stream's, so that its next
    // save is guarded by If-Match as every other (the stream is a tenant's settings history: short).
    const version = doc.version ?? (await deps.eventStore.readStream(tenantStream(collection, id))).at(-1)?.streamVersion;
    if (version !== undefined) setVersionTag(res, version);
    res.json(tenantOf({ ...doc, version }));
  });

  /**
   * Seed 001 §7: `POST /{collection}/{id}`, a partial settings save (sections, and checkoutOptions
   * for merchants) by the tenant's admins (a storefront change: API keys production only); one append, so all or nothing.
   * `If-Match` is honoured: the settings screens send the version they read, so a teammate's save in
   * between answers 412 instead of being overwritten.
   */
  router.post('/v1/:collection/:id', async (req, res, next) => {
    const { collection, id } = req.params;
    if (!isTenantCollection(collection)) return next();
    const principal = requirePrincipal(req);
    const doc = await deps.readModels.collection<TenantDoc>(tenants).get(id);
    if (!doc || doc.collection !== collection) throw notFound(m.notFound[collection]);
    await access.authorize(req, { collection, id, role: 'admin', changesStorefront: true });
    const { checkoutOptions, ...sections } = parseInput(collection === 'merchants' ? merchantChanges : tenantChanges, req.body ?? {}) as z.output<typeof merchantChanges>;
    const settings = settingsOf(sections);
    if (!settings && !checkoutOptions) throw validationFailed(checkoutMessages.nothing);
    // Seed 002 §5, §6: only the free fonts without the pro plan (a platform admin sets the plan).
    if (settings?.fonts) {
      const plan = planOf(doc);
      const refused = Object.fromEntries((['headlines', 'base'] as const).filter((key) => !fontAllowed(settings.fonts![key], plan)).map((key) => [`fonts.${key}`, fontMessages.proOnly]));
      if (Object.keys(refused).length > 0) throw new DomainError('Forbidden', fontMessages.proOnly, refused);
    }
    const { nextExpectedVersion } = await handleCommand(deps.eventStore, tenantStream(collection, id), tenantDecider, {
      type: 'ChangeSettings',
      collection,
      data: { id, settings, checkoutOptions: checkoutOptions && toStoredChanges(checkoutOptions), by: principal.uid, at: deps.now().toISOString() },
    }, { expectedVersion: ifMatchVersion(req), metadata: { ...metadataFrom(req), tenantId: id }, inline: [project] });
    setVersionTag(res, nextExpectedVersion);
    res.json({ message: settingsMessages.saved });
  });

  return router;
}
