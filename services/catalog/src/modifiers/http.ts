import { Router } from 'express';
import { z } from 'zod';
import { moneyInput, parseInput, requiredText, setVersionTag, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, merchantCurrency, merchantRecords, withoutUndefined } from '../entities';
import { modifierDecider, modifierMessages as m, modifierStream, type ModifierOption } from './modifier';
import { modifiers, projectModifiers, type ModifierDoc } from './projections';

/** An option without an id is new: the router gives it one. `additionalCost` is major units, parsed to minor units. */
const option = z.object({
  id: z.string().trim().min(1).max(TEXT_MAX.id).optional(),
  label: z.string().trim().max(TEXT_MAX.name).optional().default(''),
  additionalCost: moneyInput({ invalid: m.additionalCostInvalid, tooPrecise: m.additionalCostTooPrecise, tooLarge: m.additionalCostTooLarge }).optional().default(0),
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
export const modifierChanges = z.object({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title).optional(),
  instructions: requiredText(m.instructionsRequired).max(TEXT_MAX.indexed).optional(),
  description: z.string().trim().max(TEXT_MAX.indexed).optional(),
  options: z.array(option).optional(),
  rules: rules.optional(),
});

export const newModifier = modifierChanges.extend({
  title: requiredText(m.titleRequired).max(TEXT_MAX.title),
  instructions: requiredText(m.instructionsRequired).max(TEXT_MAX.indexed),
  testMode: z.boolean().optional(),
});

/** Modifiers of a merchant (docs/catalog-api.md): any member reads and writes them; a key only in its mode. */
export function modifiersRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<ModifierDoc>(modifiers);
  const project = projectModifiers(deps.readModels);
  /** Options in event units: a new one gets an id, the cost (already minor units) is named so. */
  const optionsOf = (options: z.output<typeof option>[]): ModifierOption[] =>
    options.map(({ additionalCost, ...o }) => ({ ...o, id: o.id ?? deps.newId(), additionalCostMinor: additionalCost }));
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, modifierDecider, project);

  router.get('/v1/merchants/:merchantId/modifiers', async (req, res) => {
    res.json(await records.list(req, req.params.merchantId, { sort: 'title', order: 'asc' }));
  });

  router.get('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const modifier = await records.existing(req, req.params.merchantId, req.params.modifierId);
    setVersionTag(res, modifier.version);
    res.json(modifier);
  });

  router.post('/v1/merchants/:merchantId/modifiers', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, newModifier);
    const modifierId = deps.newId();
    const { nextExpectedVersion } = await run(req, modifierStream(modifierId), {
      type: 'CreateModifier',
      data: {
        modifierId, merchantId, testMode,
        title: fields.title, instructions: fields.instructions, description: fields.description ?? '',
        options: optionsOf(fields.options ?? []), rules: fields.rules ?? rules.parse({}),
        currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString(),
      },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: modifierId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const { merchantId, modifierId } = req.params;
    await records.existing(req, merchantId, modifierId);
    const { options, ...changes } = parseInput(modifierChanges, req.body ?? {});
    const { nextExpectedVersion } = await run(req, modifierStream(modifierId), {
      type: 'UpdateModifier',
      data: {
        modifierId, merchantId, changes: withoutUndefined({ ...changes, options: options && optionsOf(options) }),
        currency: await merchantCurrency(deps.readModels, merchantId), at: deps.now().toISOString(),
      },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: modifierId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/modifiers/:modifierId', async (req, res) => {
    const { merchantId, modifierId } = req.params;
    await records.existing(req, merchantId, modifierId);
    await run(req, modifierStream(modifierId), { type: 'DeleteModifier', data: { modifierId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: modifierId, message: m.deleted });
  });

  return router;
}
