import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { conflict, forbidden, handleCommand, metadataFrom, notFound, parseInput, validationFailed, type ServiceDeps } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import { priceCart } from '../checkout/cart';
import type { PlaceOrder } from '../checkout/http';
import { cartCatalogOf } from '../checkout/place';
import { checkoutBody, requestedLineItem } from '../checkout/request';
import {
  clientHashOf,
  groupDecider,
  groupMessages as m,
  groupStateOf,
  groupOfSignature,
  groupSignature,
  groupStream,
  groupViewOf,
  isClosed,
  participantOf,
  type GroupCommand,
  type GroupState,
  type LiveGroup,
} from './group';

export { GROUP_UPDATED, groupRoom } from './updates';

/**
 * Twenty friends adding their lines at the same second all append to one stream: each append that
 * loses the race is read and decided again (handleCommand), with more tries than a command that
 * races only now and then.
 */
const GROUP_RETRIES = 60;

const clientId = z.string({ error: 'A clientId is required' }).trim().min(8, 'A clientId is required').max(200);
const firstName = z.string({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(200);

const startBody = z.object({ firstName, clientId, testMode: z.boolean().optional() });
const joinBody = z.object({ firstName: z.string().trim().max(200).optional(), lastName: z.string().trim().max(200).optional(), clientId, token: z.string().max(5000).optional() });
const capability = z.object({ signature: z.string().trim().min(1).max(500), clientId });
// A line as the checkout takes it (same rules and messages: checkout/request.ts).
const linesBody = capability.extend({ lineItems: z.array(requestedLineItem).min(1, m.noLines).max(50) });

/**
 * The host's place: the capability, then the checkout's own fields (the group's lines and mode are the
 * server's). The route checks the capability first; the placement path parses the rest with the
 * checkout's schema (checkoutRequest), so a field is refused with the checkout's message.
 */
const placeBody = capability.extend(checkoutBody.omit({ lineItems: true, testMode: true }).shape);

export const groupSchemas = { startBody, joinBody, capability, linesBody, placeBody };

export function groupsRouter(deps: ServiceDeps, catalog: CatalogReader, place: PlaceOrder, secret: string): Router {
  const router = Router();
  const now = () => deps.now().toISOString();

  const read = async (groupId: string): Promise<GroupState> => groupStateOf(await deps.eventStore.readStream(groupStream(groupId)));

  const run = async (req: Request, groupId: string, merchantId: string, command: GroupCommand) => {
    await handleCommand(deps.eventStore, groupStream(groupId), groupDecider, command, { metadata: metadataFrom(req, { tenantId: merchantId }), retries: GROUP_RETRIES });
  };

  /**
   * The group as it now is, for the caller. Everyone's screens hear it from the checkpointed
   * subscription on the group's events (groups/updates.ts), not from here: an update is not lost
   * when the process dies after the event is stored.
   */
  const viewOf = async (groupId: string) => {
    const state = await read(groupId);
    if (state.status === 'none') throw notFound(m.notFound);
    return groupViewOf(state, now());
  };

  /** The group a signature opens, or 403 for a signature this server did not make. */
  const groupOf = async (signature: string): Promise<LiveGroup> => {
    const groupId = groupOfSignature(secret, signature);
    if (!groupId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    const state = await read(groupId);
    if (state.status === 'none') throw forbidden(m.invitationInvalid, 'invitation_invalid');
    return state;
  };

  // The host starts a group on a merchant page and gets the link to share.
  router.post('/v1/merchants/:merchantId/groups', async (req, res) => {
    const { merchantId } = req.params;
    const body = parseInput(startBody, req.body ?? {});
    const merchant = await catalog.merchant(merchantId);
    if (!merchant) throw notFound('Merchant not found');
    if (!merchant.checkoutOptions.enableGroupOrdering) throw validationFailed(m.notAvailable);
    const groupId = randomUUID();
    const host = { participantId: randomUUID(), name: body.firstName, clientHash: clientHashOf(body.clientId), ...(req.principal ? { uid: req.principal.uid } : {}) };
    await handleCommand(deps.eventStore, groupStream(groupId), groupDecider, { type: 'StartGroup', data: { groupId, merchantId, testMode: body.testMode ?? false, host, at: now() } }, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      newStream: true,
    });
    const signature = groupSignature(secret, groupId);
    res.status(201).json({ groupId, signature, url: `/${merchantId}/order/join/${signature}`, participantId: host.participantId, group: await viewOf(groupId) });
  });

  // Seed 002 §7: the join-order page's call, as a guest (first name) or signed in (the bearer token), with the browser's clientId.
  router.post('/v1/:merchantId/order/join/:signature', async (req, res) => {
    const body = parseInput(joinBody, req.body ?? {});
    const group = await groupOf(req.params.signature);
    if (group.merchantId !== req.params.merchantId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    const signedIn = req.principal && !req.principal.tenant ? req.principal : undefined;
    const name = [body.firstName, body.lastName].filter(Boolean).join(' ') || signedIn?.email?.split('@')[0] || '';
    if (!name) throw validationFailed(m.firstNameRequired, { firstName: m.firstNameRequired });
    const clientHash = clientHashOf(body.clientId);
    const participant = { participantId: randomUUID(), name, clientHash, ...(signedIn ? { uid: signedIn.uid } : {}) };
    await run(req, group.groupId, group.merchantId, { type: 'JoinGroup', data: { participant, at: now() } });
    const view = await viewOf(group.groupId);
    const state = (await read(group.groupId)) as LiveGroup;
    const merchant = await catalog.merchant(group.merchantId);
    res.json({
      type: 'merchant',
      data: { id: group.merchantId, name: merchant?.name ?? '', handle: merchant?.handle ?? '', groupId: group.groupId, participantId: participantOf(state, clientHash)?.participantId, group: view },
      mappedDomain: null,
      host: req.get('host') ?? null,
      theme: null,
      signature: req.params.signature,
      requestedBy: view.requestedBy,
    });
  });

  // The group as it is (a participant's page after a reload); the signature is the capability.
  router.get('/v1/groups/:groupId', async (req, res) => {
    const signature = typeof req.query.signature === 'string' ? req.query.signature : '';
    const group = await groupOf(signature);
    if (group.groupId !== req.params.groupId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    // The join page's invitation names the merchant before anyone joins.
    const merchant = await catalog.merchant(group.merchantId);
    res.json({ ...groupViewOf(group, now()), merchant: { name: merchant?.name ?? '', handle: merchant?.handle ?? '' } });
  });

  // A participant adds their own lines, checked against the catalog (priced again when the host places).
  router.post('/v1/groups/:groupId/lines', async (req, res) => {
    const body = parseInput(linesBody, req.body ?? {});
    const group = await groupOf(body.signature);
    if (group.groupId !== req.params.groupId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    const products = await cartCatalogOf(catalog, group.merchantId, group.testMode, { lineItems: body.lineItems } as never);
    const priced = priceCart(body.lineItems, products);
    if (!priced.ok) throw validationFailed(Object.values(priced.errors)[0]!, priced.errors);
    const at = now();
    const lines = priced.lines.map((l, i) => ({ lineId: randomUUID(), productId: l.productId, title: l.title, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor, modifiers: body.lineItems[i]!.modifiers, at }));
    await run(req, group.groupId, group.merchantId, { type: 'AddLines', data: { clientHash: clientHashOf(body.clientId), lines, at } });
    res.status(201).json(await viewOf(group.groupId));
  });

  // A participant removes one of their own lines; the host removes anyone's.
  router.post('/v1/groups/:groupId/lines/:lineId/remove', async (req, res) => {
    const body = parseInput(capability, req.body ?? {});
    const group = await groupOf(body.signature);
    if (group.groupId !== req.params.groupId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    await run(req, group.groupId, group.merchantId, { type: 'RemoveLine', data: { clientHash: clientHashOf(body.clientId), lineId: req.params.lineId, at: now() } });
    res.json(await viewOf(group.groupId));
  });

  // The host places one order with every participant's lines, through the checkout's placement path.
  router.post('/v1/groups/:groupId/place', async (req, res) => {
    const { signature, clientId: client, ...checkout } = parseInput(placeBody.pick({ signature: true, clientId: true }).passthrough(), req.body ?? {}) as z.output<typeof capability> & Record<string, unknown>;
    const group = await groupOf(signature);
    if (group.groupId !== req.params.groupId) throw forbidden(m.invitationInvalid, 'invitation_invalid');
    if (isClosed(group, now())) throw conflict(m.closed, undefined, 'group_closed');
    const clientHash = clientHashOf(client);
    await run(req, group.groupId, group.merchantId, { type: 'StartPlacing', data: { clientHash, at: now() } });
    const locked = (await read(group.groupId)) as LiveGroup;
    const names = new Map(locked.participants.map((p) => [p.participantId, p.name]));
    const lineItems = locked.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, modifiers: l.modifiers, participant: names.get(l.participantId) ?? '' }));
    let placed;
    try {
      placed = await place(req, group.merchantId, `group-${group.groupId}`, { ...checkout, testMode: group.testMode, lineItems }, (request) => request, { groupId: group.groupId });
    } catch (err) {
      await run(req, group.groupId, group.merchantId, { type: 'Reopen', data: { at: now() } });
      throw err;
    }
    await run(req, group.groupId, group.merchantId, { type: 'MarkPlaced', data: { orderId: String(placed.answer.id), at: now() } });
    res.status(201).json({ ...placed.answer, group: await viewOf(group.groupId) });
  });

  return router;
}
