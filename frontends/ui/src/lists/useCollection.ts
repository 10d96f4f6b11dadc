import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from './shared';
import { DEFAULT_PAGE_SIZE, effectiveQuery, pageWindow, toggleSort, type PageWindow, type Sort } from './paging';

/** One page of a list (docs/catalog-api.md "Lists"). */
export interface ListPage<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

export interface CollectionOptions {
  /** The list's path under /v1, e.g. `/merchants/{id}/coupons`. */
  path: string;
  defaultSort: Sort;
  /** The current mode: the list shows only records of it. */
  testMode: boolean;
  pageSize?: number;
}

export interface Collection<T> extends PageWindow {
  rows: T[];
  loading: boolean;
  error: unknown;
  sort: Sort;
  /** Header click: flips the sorted column's order, or sorts by another column ascending. */
  sortBy(key: string): void;
  /** The search box's text; the server gets it from 3 characters. */
  q: string;
  setQ(q: string): void;
  searching: boolean;
  pageSize: number;
  setPageSize(size: number): void;
  hasPrevious: boolean;
  hasNext: boolean;
  previous(): void;
  next(): void;
  reload(): void;
}

const SEARCH_DELAY_MS = 250;

/**
 * A server-paged list: cursor paging with a stack of the cursors that led to each page (so Previous
 * needs none from the server), sorting, a search from 3 characters, and back to page 1 whenever the
 * sort, the page size, the mode or the search changes.
 */
export function useCollection<T>({ path, defaultSort, testMode, pageSize: initialPageSize = DEFAULT_PAGE_SIZE }: CollectionOptions): Collection<T> {
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [q, setQ] = useState('');
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const next = effectiveQuery(q);
    if (next === undefined) {
      setQuery(undefined);
      return undefined;
    }
    const timer = setTimeout(() => setQuery(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);

  // What makes "page 1" mean something new: a change of any of these drops the cursor stack.
  const listKey = JSON.stringify([path, sort.sort, sort.order, pageSize, testMode, query ?? null]);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: listKey, cursors: [undefined] });
  const cursors = paging.key === listKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];

  // The page on screen, with where it sits: while the next one loads, the footer keeps describing it.
  const [answer, setAnswer] = useState<{ key: string; pageKey: string; pageIndex: number; page: ListPage<T> | undefined; error: unknown; loading: boolean }>({
    key: '',
    pageKey: '',
    pageIndex: 0,
    page: undefined,
    error: undefined,
    loading: true,
  });
  // The page asked for (what it lists and from where), and the request for it: a reload asks for the same page again.
  const pageKey = `${listKey}|${cursor ?? ''}`;
  const requestKey = `${pageKey}|${generation}`;
  const pageIndex = cursors.length - 1;

  useEffect(() => {
    const controller = new AbortController();
    setAnswer((a) => ({ ...a, loading: true }));
    api
      .get<ListPage<T>>(path, {
        query: { limit: pageSize, cursor, sort: sort.sort, order: sort.order, testMode, q: query },
        signal: controller.signal,
      })
      .then(
        (page) => !controller.signal.aborted && setAnswer({ key: requestKey, pageKey, pageIndex, page, error: undefined, loading: false }),
        (error: unknown) => !controller.signal.aborted && setAnswer({ key: requestKey, pageKey, pageIndex, page: undefined, error, loading: false }),
      );
    return () => controller.abort();
    // requestKey names every input of the request.
  }, [requestKey]);

  const rows = useMemo(() => answer.page?.data ?? [], [answer.page]);
  const place = pageWindow(answer.pageIndex, pageSize, rows.length, answer.page?.total ?? 0);
  const nextCursor = answer.page?.nextCursor ?? null;
  const settled = answer.key === requestKey && !answer.loading;
  // Next leads on from the page on screen while that same page reloads (a busy stand's orders list
  // reloads with every new order): a click then is not lost to a button disabled for a moment.
  const onScreen = answer.pageKey === pageKey;

  const next = useCallback(() => {
    if (nextCursor) setPaging({ key: listKey, cursors: [...cursors, nextCursor] });
  }, [cursors, listKey, nextCursor]);
  const previous = useCallback(() => {
    if (cursors.length > 1) setPaging({ key: listKey, cursors: cursors.slice(0, -1) });
  }, [cursors, listKey]);

  return {
    ...place,
    rows,
    loading: !settled,
    error: answer.error,
    sort,
    sortBy: (key) => setSort((current) => toggleSort(current, key)),
    q,
    setQ,
    searching: query !== undefined,
    pageSize,
    setPageSize,
    hasPrevious: pageIndex > 0,
    hasNext: onScreen && nextCursor !== null,
    previous,
    next,
    reload: () => setGeneration((g) => g + 1),
  };
}
