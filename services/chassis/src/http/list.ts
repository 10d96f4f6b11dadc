import { z } from 'zod';
import type { FindOptions } from '../readmodels/types';
import { parseInput } from './validate';

/** The list parameters as a schema (the OpenAPI document names it for every list). */
export const listQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
  cursor: z.string().optional(),
  sort: z.string().optional(),
  order: z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" }).optional(),
  q: z.string().optional(),
  testMode: z.enum(['true', 'false'], { error: "testMode must be 'true' or 'false'" }).optional(),
});

/** `?testMode=true|false` on a route that is not a list, by the lists' rule: anything else is 400 under `testMode`. */
export const modeQuerySchema = listQuerySchema.pick({ testMode: true });

export interface ListQuery extends FindOptions {
  /** true = sandbox; lists default to production. */
  testMode: boolean;
}

/** The list parameters every collection endpoint takes (DESIGN §7), with the endpoint's defaults. */
export function parseListQuery(query: unknown, defaults: Pick<FindOptions, 'sort' | 'order'> = {}): ListQuery {
  const parsed = parseInput(listQuerySchema, query ?? {});
  return {
    limit: parsed.limit,
    cursor: parsed.cursor,
    sort: parsed.sort ?? defaults.sort,
    order: parsed.order ?? defaults.order,
    q: parsed.q,
    testMode: parsed.testMode === 'true',
  };
}

/** A list's answer, `{ data, nextCursor, total }`, of items of this schema (for `OperationDoc.response`). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last.'),
    total: z.number().int().describe('Matches for the filter and q, ignoring the cursor.'),
  });
