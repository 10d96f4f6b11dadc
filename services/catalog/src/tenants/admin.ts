import { Router } from 'express';
import { z } from 'zod';
import {
  handleCommand, metadataFrom, notFound, parseInput, parseListQuery, requirePlatformAdmin, type Decider, type InlineProjection, type ServiceDeps,
} from '@seatside/chassis';
import { tenants, type TenantDoc } from './projections';
import { collectionOfEvent, tenantMessages, tenantStream } from './tenant';

/** A tenant's plan (free or pro): pro unlocks the settings' pro fonts. Absent means free. */
export type Plan = 'free' | 'pro';
export const PLANS = ['free', 'pro'] as const;

export type TenantPlanChanged = { id: string; collection: 'merchants' | 'venues'; plan: Plan; by: string; at: string };
type PlanCommand = { type: 'ChangePlan'; data: TenantPlanChanged };
type PlanEvent = { type: 'TenantPlanChanged'; data: TenantPlanChanged };
type PlanState = { exists: boolean; plan: Plan };

/** The plan, decided over the tenant's own stream (`merchant-{id}`): only the creation and plan events matter to it. */
export const planDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  initialState: () => ({ exists: false, plan: 'free' }),
  decide(command, state) {
    if (!state.exists) throw notFound(tenantMessages.notFound[command.data.collection]);
    return state.plan === command.data.plan ? [] : [{ type: 'TenantPlanChanged', data: command.data }];
  },
  evolve(state, event) {
    const type = (event as { type: string }).type;
    if (collectionOfEvent(type)) return { ...state, exists: true };
    if (type === 'TenantPlanChanged') return { ...state, plan: event.data.plan };
    return state;
  },
};

export const projectPlans =
  (deps: Pick<ServiceDeps, 'readModels'>): InlineProjection =>
  async (events, tx) => {
    for (const event of events) {
      if (event.type !== 'TenantPlanChanged') continue;
      const { id, plan, at } = event.data as TenantPlanChanged;
      await deps.readModels.collection<TenantDoc & { plan?: Plan }>(tenants, tx).patch(id, { plan, updatedAt: at, version: event.streamVersion });
    }
  };

export const planBody = z.object({ plan: z.enum(PLANS, { error: "plan must be 'free' or 'pro'" }) });
const collectionParam = z.enum(['merchants', 'venues']);

/** A row of the admin tenants lists (seed 000 §2 /admin/merchants, /admin/venues). */
export const adminTenantRow = (doc: TenantDoc & { plan?: Plan }) => ({
  id: doc.id,
  name: doc.name,
  handle: doc.handle,
  owner: doc.createdBy,
  createdAt: doc.createdAt,
  plan: doc.plan ?? 'free',
  publicUrl: `/${doc.handle}`,
});

/** Platform admins: the merchants and venues lists (search by name or handle) and the plan setter. */
export function adminTenantsRouter(deps: ServiceDeps): Router {
  const router = Router();
  const project = projectPlans(deps);

  router.get('/v1/admin/:collection', async (req, res, next) => {
    const collection = collectionParam.safeParse(req.params.collection);
    if (!collection.success) return next();
    requirePlatformAdmin(req);
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'createdAt', order: 'desc' });
    const page = await deps.readModels.collection<TenantDoc>(tenants).find({ ...query, filter: { collection: collection.data } });
    res.json({ ...page, data: page.data.map(adminTenantRow) });
  });

  router.post('/v1/admin/:collection/:id/plan', async (req, res, next) => {
    const collection = collectionParam.safeParse(req.params.collection);
    if (!collection.success) return next();
    const admin = requirePlatformAdmin(req);
    const { plan } = parseInput(planBody, req.body ?? {});
    const { id } = req.params;
    const doc = await deps.readModels.collection<TenantDoc>(tenants).get(id);
    if (!doc || doc.collection !== collection.data) throw notFound(tenantMessages.notFound[collection.data]);
    await handleCommand(deps.eventStore, tenantStream(collection.data, id), planDecider, {
      type: 'ChangePlan', data: { id, collection: collection.data, plan, by: admin.uid, at: deps.now().toISOString() },
    }, { metadata: metadataFrom(req), inline: [project] });
    res.json({ id, plan, message: `Plan set to ${plan}` });
  });

  return router;
}
