import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseInput, validationFailed, type ServiceDeps, type TenantAccess } from '@seatside/chassis';
import { DEFAULT_RANGE, ranges, rangesOf, widgets, type Range, type Widget } from './domain';
import type { StatsRead } from './reader';

export const statsMessages = {
  unknownWidget: (widget: string) => `No such stats widget: ${widget}`,
  range: `range must be one of ${ranges.join(', ')}`,
  quarterOnlyTax: 'Quarterly is offered for Tax only',
  testMode: "testMode must be 'true' or 'false'",
} as const;

export const statsQuery = z.object({
  range: z.enum(ranges, { error: statsMessages.range }).optional(),
  testMode: z.enum(['true', 'false'], { error: statsMessages.testMode }).optional(),
});

/**
 * `GET /v1/merchants/{merchantId}/stats/{widget}?range=&testMode=` (docs/orders-api.md "Sales
 * stats"): members only (an API key in its own mode), read from the stats buckets.
 */
export function statsRouter(deps: ServiceDeps, access: TenantAccess, read: StatsRead): Router {
  const router = Router();
  router.get('/v1/merchants/:merchantId/stats/:widget', async (req, res) => {
    const { merchantId } = req.params;
    const widget = req.params.widget as Widget;
    // One membership read: the mode asked (or the caller's own) is checked with the role; a bad
    // query is still a 400 after it, so an anonymous caller learns nothing but 401.
    const lenient = statsQuery.safeParse(req.query);
    const askedMode = lenient.success ? lenient.data.testMode : undefined;
    // The merchant's read goes beside the membership's (used only once the caller may read).
    const merchant = read.merchantOf(merchantId);
    merchant.catch(() => undefined);
    const testMode = await access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'member' }, askedMode === undefined ? undefined : askedMode === 'true');
    if (!widgets.includes(widget)) throw notFound(statsMessages.unknownWidget(widget));
    const asked = parseInput(statsQuery, req.query);
    const range: Range = asked.range ?? DEFAULT_RANGE;
    if (!rangesOf(widget).includes(range)) throw validationFailed(statsMessages.quarterOnlyTax, { range: statsMessages.quarterOnlyTax });
    res.set('cache-control', 'private, no-store');
    res.json(await read(merchantId, testMode, widget, range, merchant));
  });
  void deps;
  return router;
}
