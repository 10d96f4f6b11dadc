import { z } from 'zod';

/**
 * `?testMode=true|false` on a route of this service that is not a list (the lists take the chassis'
 * list query, with the same rule): anything else is 400 under `testMode`, never read as production.
 */
export const modeQuery = z.object({ testMode: z.enum(['true', 'false'], { error: "testMode must be 'true' or 'false'" }).optional() });
