import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, metadataFrom, notFound, parseInput, requirePrincipal, type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { tenants, type TenantDoc } from '../tenants/projections';
import { tenantMessages } from '../tenants/tenant';
import { linkDecider, linkMessages as m, linkOutcome, linkStream, type LinkCommand } from './links';
import { linkedMerchants, linkRequests, projectLinks, type LinkRequestDoc, type VenueDoc } from './projections';

/** A merchant as the venue dashboard lists it. */
export type LinkedMerchant = { id: string; name: string; handle: string; description: string; icon: string };
const merchantCard = (doc: TenantDoc): LinkedMerchant => ({ id: doc.id, name: doc.name, handle: doc.handle, description: doc.description ?? '', icon: doc.branding?.icon ?? '' });

export const linkQuery = z.object({ action: z.enum(['link', 'unlink'], { error: m.badAction }) });
export const answerBody = z.object({ action: z.enum(['accept', 'decline'], { error: m.badAnswer }) });
const idList = z.array(z.string().trim().min(1).max(200)).max(1000);
/** The seed sends the list itself; `{ merchants: [...] }` is taken too. */
export const orderBody = z.union([idList, z.object({ merchants: idList }).transform((b) => b.merchants)], { error: m.badOrder });
export const searchQuery = z.object({ q: z.string().trim().max(200).optional().default('') });

/**
 * Seed 002 §4, §7 and issue 20: a venue's linked merchants (list, search to link, link/unlink with
 * the merchant's consent, reorder) and the merchant side of a link request (list, accept, decline).
 */
export function venueLinksRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectLinks(deps.readModels);
  const venueOf = async (venueId: string) => {
    const doc = await deps.readModels.collection<VenueDoc>(tenants).get(venueId);
    if (!doc || doc.collection !== 'venues') throw notFound(tenantMessages.notFound.venues);
    return doc;
  };
  const merchantOf = async (merchantId: string) => {
    const doc = await deps.readModels.collection<TenantDoc>(tenants).get(merchantId);
    if (!doc || doc.collection !== 'merchants') throw notFound(m.merchantNotFound);
    return doc;
  };
  /** Seed 002 §6 on the server: the venue role (admin, or any member for reads), or the platform admin claim. */
  const authorizeVenue = async (req: Request, venueId: string, role: 'admin' | 'member') => {
    const principal = requirePrincipal(req);
    if (!principal.tenant && principal.claims?.admin === true) return;
    await access.authorize(req, { collection: 'venues', id: venueId, role, changesStorefront: role === 'admin' });
  };
  const administers = async (req: Request, merchantId: string) => {
    try {
      await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'admin', changesStorefront: true });
      return true;
    } catch {
      return false;
    }
  };
  const run = (req: Request, command: LinkCommand) =>
    handleCommand(deps.eventStore, linkStream(command.data.venueId), linkDecider, command, { metadata: { ...metadataFrom(req), tenantId: command.data.venueId }, inline: [project] });

  router.get('/v1/venues/:venueId/merchants', async (req, res) => {
    const venue = await venueOf(req.params.venueId);
    await authorizeVenue(req, venue.id, 'member');
    const pending = await deps.readModels.collection<LinkRequestDoc>(linkRequests).find({ filter: { venueId: venue.id }, sort: 'requestedAt', limit: 1000 });
    const pendingDocs = await deps.readModels.collection<TenantDoc>(tenants).getMany(pending.data.map((r) => r.merchantId));
    res.json({ data: (await linkedMerchants(deps, venue)).map(merchantCard), pending: pendingDocs.map(merchantCard) });
  });

  /** Link Merchant: merchants whose name (or handle) starts with `q`, case-insensitive, once `q` has more than 2 characters. */
  router.get('/v1/venues/:venueId/merchants/search', async (req, res) => {
    const venue = await venueOf(req.params.venueId);
    await authorizeVenue(req, venue.id, 'admin');
    const { q } = parseInput(searchQuery, req.query);
    if (q.length <= 2) return res.json({ data: [] });
    const page = await deps.readModels.collection<TenantDoc>(tenants).find({ filter: { collection: 'merchants' }, q, sort: 'name', limit: 20 });
    const linked = new Set(venue.merchants ?? []);
    const pending = new Set((await deps.readModels.collection<LinkRequestDoc>(linkRequests).find({ filter: { venueId: venue.id }, limit: 1000 })).data.map((r) => r.merchantId));
    res.json({ data: page.data.map((doc) => ({ ...merchantCard(doc), linked: linked.has(doc.id), pending: pending.has(doc.id) })) });
  });

  router.post('/v1/venues/:venueId/merchants/order', async (req, res) => {
    const venue = await venueOf(req.params.venueId);
    await authorizeVenue(req, venue.id, 'admin');
    const merchantIds = parseInput(orderBody, req.body ?? []);
    const listed = new Set((await linkedMerchants(deps, venue)).map((doc) => doc.id));
    const gone = (venue.merchants ?? []).filter((id) => !listed.has(id));
    await run(req, { type: 'Reorder', data: { venueId: venue.id, merchantIds, gone, by: requirePrincipal(req).uid, at: deps.now().toISOString() } });
    res.json({ message: m.reordered });
  });

  router.get('/v1/venues/:venueId/link/:merchantId', async (req, res) => {
    const venue = await venueOf(req.params.venueId);
    await authorizeVenue(req, venue.id, 'admin');
    const { action } = parseInput(linkQuery, req.query);
    const merchant = await merchantOf(req.params.merchantId);
    const who = { venueId: venue.id, merchantId: merchant.id, by: requirePrincipal(req).uid, at: deps.now().toISOString() };
    const command: LinkCommand = action === 'link' ? { type: 'Link', data: { ...who, consent: await administers(req, merchant.id) } } : { type: 'Unlink', data: who };
    const { newEvents } = await run(req, command);
    res.json({ message: linkOutcome(command, newEvents, (venue.merchants ?? []).includes(merchant.id)) });
  });

  /** The merchant's admins: venues asking to list this merchant. */
  router.get('/v1/merchants/:merchantId/venue-requests', async (req, res) => {
    const merchant = await merchantOf(req.params.merchantId);
    await access.authorize(req, { collection: 'merchants', id: merchant.id, role: 'admin' });
    const page = await deps.readModels.collection<LinkRequestDoc>(linkRequests).find({ filter: { merchantId: merchant.id }, sort: 'requestedAt', limit: 1000 });
    const venues = new Map((await deps.readModels.collection<TenantDoc>(tenants).getMany(page.data.map((r) => r.venueId))).map((v) => [v.id, v]));
    res.json({
      data: page.data.flatMap((r) => {
        const venue = venues.get(r.venueId);
        return venue ? [{ venueId: venue.id, name: venue.name, handle: venue.handle, requestedAt: r.requestedAt }] : [];
      }),
    });
  });

  router.post('/v1/merchants/:merchantId/venue-requests/:venueId', async (req, res) => {
    const merchant = await merchantOf(req.params.merchantId);
    await access.authorize(req, { collection: 'merchants', id: merchant.id, role: 'admin', changesStorefront: true });
    const { action } = parseInput(answerBody, req.body ?? {});
    const venue = await venueOf(req.params.venueId);
    const command: LinkCommand = { type: 'AnswerRequest', data: { venueId: venue.id, merchantId: merchant.id, accept: action === 'accept', by: requirePrincipal(req).uid, at: deps.now().toISOString() } };
    const { newEvents } = await run(req, command);
    res.json({ message: linkOutcome(command, newEvents, false) });
  });

  return router;
}
