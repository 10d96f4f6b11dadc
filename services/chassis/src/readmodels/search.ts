import { MIN_SEARCH_LENGTH, type FindOptions, type Page } from './types';

/** Seed 001 §9: a search answers at most 25 records. */
export const SEARCH_LIMIT = 25;

/** `q` of 3+ characters searches; a shorter one is ignored (the default list). */
export const isSearch = (q: string | undefined): boolean => [...(q?.trim() ?? '')].length >= MIN_SEARCH_LENGTH;

/** A search is one short answer, not a paged list: the first 25 matches (fewer if `limit` says so) in the list's order. */
export async function listOrSearch<D>(find: (options: FindOptions) => Promise<Page<D>>, options: FindOptions): Promise<Page<D>> {
  if (!isSearch(options.q)) return find(options);
  const { data } = await find({ ...options, cursor: undefined, limit: Math.min(options.limit ?? SEARCH_LIMIT, SEARCH_LIMIT) });
  return { data, nextCursor: null, total: data.length };
}
