import { Router } from 'express';
import { z } from 'zod';
import { parseInput, requiredText, setVersionTag, type ServiceDeps, type TenantAccess, TEXT_MAX } from '@seatside/chassis';
import { commandRunner, imageUrl, merchantRecords } from '../entities';
import { refuseUnknownProducts } from '../products/references';
import { menuDecider, menuMessages as m, menuStream, type MenuAvailability } from './menu';
import { menus, projectMenus, type MenuDoc } from './projections';
import { isHHMM } from '@seatside/rules';

/** Four-digit HHMM, 0000–2359 (`@seatside/rules`). */
export { isHHMM };

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** allDayMenu (default true), or begin and end as HHMM; an all-day menu keeps no times. */
const availability = z
  .object({ allDayMenu: z.boolean().default(true), begin: z.unknown().optional(), end: z.unknown().optional() })
  .superRefine((value, ctx) => {
    for (const field of ['begin', 'end'] as const) {
      const needed = !value.allDayMenu || present(value[field]);
      if (needed && !isHHMM(value[field])) ctx.addIssue({ code: 'custom', path: [field], message: m.timeAsHHMM });
    }
  })
  .transform((value): MenuAvailability =>
    value.allDayMenu ? { allDayMenu: true, begin: null, end: null } : { allDayMenu: false, begin: value.begin as string, end: value.end as string },
  );

const image = imageUrl.nullable().default(null);

const fields = {
  title: requiredText(m.titleRequired).pipe(z.string().max(300)),
  description: z.string().trim().max(TEXT_MAX.indexed),
  branding: z.object({ banner: image, icon: image }),
  availability,
  products: z.array(z.string().min(1).max(200)).max(1000),
};

export const createMenu = z.object({
  ...fields,
  description: fields.description.default(''),
  branding: fields.branding.default({ banner: null, icon: null }),
  availability: fields.availability.default({ allDayMenu: true, begin: null, end: null }),
  products: fields.products.default([]),
  testMode: z.boolean().optional(),
});

/** Partial; branding and availability are replaced whole. testMode is kept from creation. */
export const updateMenu = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  branding: fields.branding.optional(),
  availability: fields.availability.optional(),
  products: fields.products.optional(),
});

/** Menus of a merchant (docs/catalog-api.md): any member, or an API key in its own mode. */
export function menusRouter(deps: ServiceDeps, access: TenantAccess): Router {
  const router = Router();
  const project = projectMenus(deps.readModels);
  const docs = () => deps.readModels.collection<MenuDoc>(menus);
  const records = merchantRecords(access, docs, m.notFound);
  const run = commandRunner(deps.eventStore, menuDecider, project);

  router.get('/v1/merchants/:merchantId/menus', async (req, res) => {
    res.json(await records.list(req, req.params.merchantId, { sort: 'title', order: 'asc' }));
  });

  router.get('/v1/merchants/:merchantId/menus/:menuId', async (req, res) => {
    const doc = await records.existing(req, req.params.merchantId, req.params.menuId);
    setVersionTag(res, doc.version);
    res.json(doc);
  });

  router.post('/v1/merchants/:merchantId/menus', async (req, res) => {
    const { merchantId } = req.params;
    const { testMode, fields } = await records.parseNew(req, merchantId, createMenu);
    await refuseUnknownProducts(deps.readModels, 'products', fields.products, { merchantId, testMode });
    const menuId = deps.newId();
    const { nextExpectedVersion } = await run(req, menuStream(menuId), {
      type: 'CreateMenu',
      data: { menuId, merchantId, testMode, ...fields, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: menuId, message: m.created });
  });

  router.post('/v1/merchants/:merchantId/menus/:menuId', async (req, res) => {
    const { merchantId, menuId } = req.params;
    const { testMode } = await records.existing(req, merchantId, menuId);
    const changes = parseInput(updateMenu, req.body ?? {});
    if (changes.products) await refuseUnknownProducts(deps.readModels, 'products', changes.products, { merchantId, testMode });
    const { nextExpectedVersion } = await run(req, menuStream(menuId), {
      type: 'UpdateMenu',
      data: { menuId, merchantId, ...changes, at: deps.now().toISOString() },
    });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: menuId, message: m.updated });
  });

  router.delete('/v1/merchants/:merchantId/menus/:menuId', async (req, res) => {
    const { merchantId, menuId } = req.params;
    await records.existing(req, merchantId, menuId);
    await run(req, menuStream(menuId), { type: 'DeleteMenu', data: { menuId, merchantId, at: deps.now().toISOString() } });
    res.json({ id: menuId, message: m.deleted });
  });

  return router;
}
