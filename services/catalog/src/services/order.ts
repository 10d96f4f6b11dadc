import { validationFailed, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type FindOptions, type Page } from '@seatside/chassis';

type Ordered = { id: string; createdAt: string };

/** The caller's order first (ids they placed), then the rest by createdAt; ties by id. */
export function sortByCallerOrder<D extends Ordered>(docs: readonly D[], ids: readonly string[]): D[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const unranked = ids.length;
  return [...docs].sort(
    (a, b) =>
      (rank.get(a.id) ?? unranked) - (rank.get(b.id) ?? unranked) ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const invalidCursor = () => validationFailed('Invalid cursor', { cursor: 'Invalid cursor' });

/** An offset into the caller-ordered list; tied to that ordering so a column cursor is refused. */
const encodeOffset = (offset: number) => Buffer.from(JSON.stringify(['callerOrder', offset])).toString('base64url');
function decodeOffset(cursor: string): number {
  try {
    const [kind, offset] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (kind === 'callerOrder' && Number.isInteger(offset) && (offset as number) >= 0) return offset as number;
  } catch {
    // falls through to the 400
  }
  throw invalidCursor();
}

/**
 * One page of a merchant's services in the caller's order. The order lives outside the read model,
 * so every match is read (a merchant's services are few) and ordered here.
 */
export async function inCallerOrder<D extends Ordered>(
  find: (options: FindOptions) => Promise<Page<D>>,
  ids: readonly string[],
  options: Pick<FindOptions, 'limit' | 'cursor' | 'order'>,
): Promise<Page<D>> {
  const all: D[] = [];
  let cursor: string | undefined;
  do {
    const page = await find({ sort: 'createdAt', order: 'asc', limit: MAX_PAGE_SIZE, cursor });
    all.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const sorted = sortByCallerOrder(all, ids);
  if (options.order === 'desc') sorted.reverse();
  const offset = options.cursor ? decodeOffset(options.cursor) : 0;
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const data = sorted.slice(offset, offset + limit);
  const next = offset + limit < sorted.length ? encodeOffset(offset + limit) : null;
  return { data, nextCursor: next, total: sorted.length };
}
