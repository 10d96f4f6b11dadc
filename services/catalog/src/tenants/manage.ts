import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  DomainError, handleCommand, ifMatchVersion, isTenantCollection, metadataFrom, notFound, parseInput, requiredText, requirePrincipal, TEXT_MAX,
  type ServiceDeps, type TenantAccess, type TenantCollection,
} from '@seatside/chassis';
import { FREE_FONTS, type FontCatalogue } from '../fonts/catalogue';
import { domainInput, domainMessages, isVerified, newVerificationToken, verificationRecords, type CustomDomainOptions } from './domains';
import { HANDLE_MIN_LENGTH, isReservedHandle, normalizeHandle } from './handle';
import { domainClaims, handleClaims, handleHolds, projectTenants, tenants, type HandleHold, type TenantDoc } from './projections';
import { tenantDecider, tenantMessages as m, tenantStream } from './tenant';

/** The registration rule for a handle (seed 000 §5), reused for a change (seed 001 §5). */
export const handleChange = z
  .object({
    handle: requiredText(m.handleRequired)
      .max(TEXT_MAX.code)
      .transform(normalizeHandle)
      .refine((handle) => handle.length >= HANDLE_MIN_LENGTH, m.handleTooShort)
      .refine((handle) => !isReservedHandle(handle), m.handleTaken),
  })
  .strict();

export const domainBody = z.object({ domain: domainInput }).strict();

/** `?host=`: the host a request came in on (a port is ignored); anything but one text finds nothing. */
export const publicPageQuery = z.object({ host: z.string().optional().catch(undefined) });

/** What the public page at `/{handle}` (or a custom domain) does: show a tenant, or redirect. */
export type PublicPage = { type: TenantCollection; id: string; handle: string; redirect: string | null };

/**
 * Handle change, custom domains and delete of a tenant (seed 001 §7 Settings), the font catalogue,
 * and the public-page lookup the gateway asks before serving `/{handle}` (teleport, a former handle,
 * a verified custom domain).
 */
export function tenantManagementRouter(deps: ServiceDeps, access: TenantAccess, options: { fonts: FontCatalogue; domains: CustomDomainOptions }): Router {
  const router = Router();
  const project = projectTenants(deps.readModels, deps.schema);
  const docs = () => deps.readModels.collection<TenantDoc>(tenants);

  /** The tenant a settings call names, after the settings' authorization (admins, or a production API key). */
  async function tenantFor(req: Request): Promise<{ collection: TenantCollection; id: string; doc: TenantDoc; by: string } | undefined> {
    const { collection, id } = req.params as { collection: string; id: string };
    if (!isTenantCollection(collection)) return undefined;
    const principal = requirePrincipal(req);
    const doc = await docs().get(id);
    if (!doc || doc.collection !== collection) throw notFound(m.notFound[collection]);
    await access.authorize(req, { collection, id, role: 'admin', changesStorefront: true });
    return { collection, id, doc, by: principal.uid };
  }

  /** Every change here honours `If-Match` (the tenant's version, as the settings save): a stale one is 412. */
  const run = (req: Request, collection: TenantCollection, id: string, command: Parameters<typeof tenantDecider.decide>[0]) =>
    handleCommand(deps.eventStore, tenantStream(collection, id), tenantDecider, command, { expectedVersion: ifMatchVersion(req), metadata: { ...metadataFrom(req), tenantId: id }, inline: [project] });

  router.post('/v1/:collection/:id/handle', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    const { handle } = parseInput(handleChange, req.body ?? {});
    await run(req, tenant.collection, tenant.id, { type: 'ChangeHandle', collection: tenant.collection, data: { id: tenant.id, handle, by: tenant.by, at: deps.now().toISOString() } });
    res.json({ message: m.handleUpdated, handle });
  });

  router.post('/v1/:collection/:id/delete', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    await run(req, tenant.collection, tenant.id, { type: 'DeleteTenant', collection: tenant.collection, data: { id: tenant.id, by: tenant.by, at: deps.now().toISOString() } });
    res.json({ message: m.deleted[tenant.collection] });
  });

  const domainAnswer = (doc: Pick<TenantDoc, 'domain' | 'domainVerification'>) => {
    const token = doc.domainVerification?.token;
    const verification = doc.domain && token ? verificationRecords(doc.domain, token, options.domains) : [];
    return { domain: doc.domain ?? '', verified: doc.domainVerification?.verified ?? false, verification };
  };

  router.get('/v1/:collection/:id/domains', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    res.json(domainAnswer(tenant.doc));
  });

  router.post('/v1/:collection/:id/domains', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    const { domain } = parseInput(domainBody, req.body ?? {});
    const owner = await domainClaims(deps.schema).ownerOf(deps.pool, domain);
    if (owner && owner !== `${tenant.collection}/${tenant.id}`) throw new DomainError('Conflict', m.domainTaken, { domain: m.domainTaken });
    const token = tenant.doc.domain === domain && tenant.doc.domainVerification ? tenant.doc.domainVerification.token : newVerificationToken();
    const verified = await isVerified(domain, token, options.domains);
    const at = deps.now().toISOString();
    const domainVerification = { token, verified, verifiedAt: verified ? at : null };
    await run(req, tenant.collection, tenant.id, { type: 'SetDomain', collection: tenant.collection, data: { id: tenant.id, domain, domainVerification, by: tenant.by, at } });
    const answer = domainAnswer({ domain, domainVerification });
    res.json({ message: verified ? domainMessages.verified : domainMessages.added, ...answer });
  });

  router.post('/v1/:collection/:id/domains/verify', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    const { domain, domainVerification } = tenant.doc;
    if (!domain || !domainVerification) throw notFound(domainMessages.none);
    const verified = await isVerified(domain, domainVerification.token, options.domains);
    if (verified !== domainVerification.verified) {
      const at = deps.now().toISOString();
      await run(req, tenant.collection, tenant.id, {
        type: 'SetDomain', collection: tenant.collection,
        data: { id: tenant.id, domain, domainVerification: { ...domainVerification, verified, verifiedAt: verified ? at : null }, by: tenant.by, at },
      });
    }
    res.json({ message: verified ? domainMessages.verified : domainMessages.pending, ...domainAnswer({ domain, domainVerification: { ...domainVerification, verified } }) });
  });

  router.delete('/v1/:collection/:id/domains/delete', async (req, res, next) => {
    const tenant = await tenantFor(req);
    if (!tenant) return next();
    if (tenant.doc.domain) {
      await run(req, tenant.collection, tenant.id, { type: 'SetDomain', collection: tenant.collection, data: { id: tenant.id, domain: '', domainVerification: null, by: tenant.by, at: deps.now().toISOString() } });
    }
    res.json({ message: domainMessages.removed, domain: '', verified: false, verification: [] });
  });

  /** The font catalogue (public): each family, and whether it needs the pro plan. */
  router.get('/v1/fonts', (_req, res) => {
    const free = new Set<string>(FREE_FONTS);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({ data: options.fonts.families().map((family) => ({ family, pro: !free.has(family) })) });
  });

  /** What `/{handle}` shows: a teleport destination, the new handle of a former one (for 30 days), or the tenant itself. */
  router.get('/v1/public-pages/:handle', async (req, res) => {
    const handle = normalizeHandle(req.params.handle);
    const owner = handle.length >= HANDLE_MIN_LENGTH ? await handleClaims(deps.schema).ownerOf(deps.pool, handle) : undefined;
    const [collection = '', id = ''] = owner?.split('/') ?? [];
    const doc = id ? await docs().get(id) : undefined;
    if (!doc || doc.collection !== collection) throw notFound(m.handleNotFound);
    if (doc.handle !== handle) {
      const hold = await deps.readModels.collection<HandleHold>(handleHolds).get(handle);
      if (!hold || hold.until <= deps.now().toISOString()) throw notFound(m.handleNotFound);
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json(publicPageOf(doc, doc.handle !== handle ? `/${doc.handle}` : null));
  });

  /** The tenant a verified custom domain serves (`?host=`), for the gateway. */
  router.get('/v1/public-pages', async (req, res) => {
    const host = parseInput(publicPageQuery, req.query).host?.toLowerCase().replace(/:\d+$/, '') ?? '';
    const owner = host ? await domainClaims(deps.schema).ownerOf(deps.pool, host) : undefined;
    const [collection = '', id = ''] = owner?.split('/') ?? [];
    const doc = id ? await docs().get(id) : undefined;
    if (!doc || doc.collection !== collection || doc.domain !== host || !doc.domainVerification?.verified) throw notFound(domainMessages.none);
    res.setHeader('Cache-Control', 'no-store');
    res.json(publicPageOf(doc, null));
  });

  return router;
}

function publicPageOf(doc: TenantDoc, formerHandleRedirect: string | null): PublicPage {
  const teleport = doc.teleport?.enable && doc.teleport.destination ? doc.teleport.destination : null;
  return { type: doc.collection, id: doc.id, handle: doc.handle, redirect: teleport ?? formerHandleRedirect };
}
