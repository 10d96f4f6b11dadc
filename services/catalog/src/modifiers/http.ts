import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, MIN_SEARCH_LENGTH, modeOf, notFound, parseInput, parseListQuery, requiredText, setVersionTag,
  type ServiceDeps, type TenantAccess,
} from '@seatside/chassis';
import { modifierDecider, modifierMessages as m, modifierStream, type ModifierCommand, type ModifierOption } from './modifier';
import { modifiers, projectModifiers, type ModifierDoc } from './projections';

/** Seed 001 §9: a search answers at most 25 modifiers. */
export const MODIFIER_SEARCH_LIMIT = 25;

/** An option without an id is new: the router gives it one. */
const option = z.object({
  id: z.string().trim().min(1).optional(),
  label: z.string().trim().optional().default(''),
  additionalCost: z.number().optional().default(0),
  additionalCalories: z.number().optional().default(0),
  preSelected: z.boolean().optional().default(false),
});

/** Rules are sent whole; what is left out takes its default. */
const rules = z.object({
  required: z.boolean().optional().default(false),
  allowedMultiple: z.boolean().optional().default(false),
  selectRestriction: z.number().int().min(0).optional().default(0),
  requireSelectRestriction: z.boolean().optional().default(false),
  enableOptionQuantity: z.boolean().optional().default(false),
});

/** Every field as an update may send it; a create adds what is required and the defaults. */
const modifierChanges = z.object({
  title: requiredText(m.titleRequired).optional(),
  instructions: requiredText(m.instructionsRequired).optional(),
  description: z.string().trim().optional(),
  options: z.array(option).optional(),
  rules: rules.optional(),
});

const newModifier = modifierChanges.extend({
  title: requiredText(m.titleRequired),
  instructions: requiredText(m.instructionsRequired),
  testMode: z.boolean().optional(),
});

/** Without an explicit mode, an API key works in its own mode and a user in production. */
const requestedMode = (req: Request, explicit: boolean | undefined): boolean => explicit ?? req.principal?.tenant?.testMode ?? false;

/** Modifiers of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function modifiersRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<ModifierDoc>(modifiers);
  const project = projectModifiers(deps.readModels);
  const withIds = (options: z.output<typeof option>[]): ModifierOption[] => options.map((o) => ({ ...o, id: o.id ?? deps.newId() }));
  const authorize = (req: Request, merchantId: string, testMode?: boolean) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: testMode === undefined ? 'any' : modeOf(testMode) });
  const run = (req: Request, modifierId: string, command: ModifierCommand) =>
    handleCommand(deps.eventStore, modifierStream(modifierId), modifierDecider, command, {
      metadata: metadataFrom(req, { tenantId: command.data.merchantId }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });
  /** This merchant's modifier, after the caller may see its mode; another merchant's is not found. */
  const existing = async (req: Request, merchantId: string, modifierId: string) => {
    await authorize(req, merchantId);
    const modifier = await docs().get(modifierId);
    if (!modifier || modifier.merchantId !== merchantId) throw notFound(m.notFound);
    await authorize(req, merchantId, modifier.testMode);
    return modifier;
  };

  router.get('/v1/merchants/:merchantId/modifiers', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode: parsedMode, ...query } = parseListQuery(req.query, { sort: 'title', order: 'asc' });
    const testMode = requestedMode(req, req.query.testMode === undefined ? undefined : parsedMode);
    await authorize(req, merchantId, testMode);
    const filter = { merchantId, testMode };
    const searching = [...(query.q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;
    if (!searching) return void res.json(await docs().find({ ...query, filter }));
    // A search is one short answer, not a paged list: the first 25 matches in the list's order.
    const { data } = await docs().find({ ...query, filter, cursor: undefined, limit: MODIFIER_SEARCH_LIMIT });
    res.json({ data, nextCursor: null, total: data.length });
  });

  router.get('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const modifier = await existing(req, req.params.merchantId, req.params.modifierId);
    setVersionTag(res, modifier.version);
    res.json(modifier);
  });

  router.post('/v1/merchants/:merchantId/modifiers', async (req, res) => {
    const { merchantId } = req.params;
    await authorize(req, merchantId);
    const { testMode: explicitMode, ...fields } = parseInput(newModifier, req.body ?? {});
    const testMode = requestedMode(req, explicitMode);
    await authorize(req, merchantId, testMode);
    const modifierId = deps.newId();
    const { nextExpectedVersion } = await run(req, modifierId, {
      type: 'CreateModifier',
      data: {
        modifierId, merchantId, testMode,
        title: fields.title, instructions: fields.instructions, description: fields.description ?? '',
        options: withIds(fields.options ?? []), rules: fields.rules ?? rules.parse({}),
        at: deps.now().toISOString(),
      },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: modifierId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const { merchantId, modifierId } = req.params;
    await existing(req, merchantId, modifierId);
    const { options, ...changes } = parseInput(modifierChanges, req.body ?? {});
    const { nextExpectedVersion } = await run(req, modifierId, {
      type: 'UpdateModifier',
      data: { modifierId, merchantId, changes: withoutUndefined({ ...changes, options: options && withIds(options) }), at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: modifierId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const { merchantId, modifierId } = req.params;
    await existing(req, merchantId, modifierId);
    await run(req, modifierId, { type: 'DeleteModifier', data: { modifierId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: modifierId, message: m.deleted });
  });

  return router;
}

/** A partial update names only the fields sent: an absent field must not overwrite the record's. */
function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
