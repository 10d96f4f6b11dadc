/** Pure list arithmetic: pages, the footer's texts and sort toggling (seed 001 §2, §9). */

export type SortOrder = 'asc' | 'desc';

export interface Sort {
  sort: string;
  order: SortOrder;
}

/** The default page size of every list (seed 001 §9). */
export const DEFAULT_PAGE_SIZE = 100;

/** The search is active from this many characters (seed 001 §4, §9). */
export const SEARCH_MIN_LENGTH = 3;

export interface PageWindow {
  /** 1-based page number. */
  page: number;
  pages: number;
  /** 1-based index of the first row shown; 0 when there is none. */
  from: number;
  to: number;
  total: number;
}

/** Where page `pageIndex` (0-based) of `rowCount` rows sits in a list of `total`. */
export function pageWindow(pageIndex: number, pageSize: number, rowCount: number, total: number): PageWindow {
  const size = Math.max(1, pageSize);
  // A search answers at most 25 rows whatever its total says; never show fewer rows than are there.
  const known = Math.max(total, pageIndex * size + rowCount);
  const pages = Math.max(1, Math.ceil(known / size));
  const from = rowCount === 0 ? 0 : pageIndex * size + 1;
  const to = rowCount === 0 ? 0 : pageIndex * size + rowCount;
  return { page: pageIndex + 1, pages, from, to, total: known };
}

/** 'page of pages' of the footer. */
export function pageOfPagesText({ page, pages }: Pick<PageWindow, 'page' | 'pages'>): string {
  return `Page ${page} of ${pages}`;
}

/** 'from-to of total' of the footer. */
export function rangeText({ from, to, total }: Pick<PageWindow, 'from' | 'to' | 'total'>): string {
  return `${from}-${to} of ${total}`;
}

/** Clicking a column header: the sorted column flips its order, another column starts ascending. */
export function toggleSort(current: Sort, key: string): Sort {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: 'asc' };
}

/** The search text the server gets: trimmed, and only from SEARCH_MIN_LENGTH characters. */
export function effectiveQuery(q: string): string | undefined {
  const trimmed = q.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined;
}
