import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { SortableTable, type ListColumn } from '@seatside/ui/src/lists';

export type Column<T> = ListColumn<T>;

type Answer<T> = { data: T[]; total: number; nextCursor?: string | null; nextPageToken?: string | null };

export interface CursorListProps<T> {
  title: string;
  /** The API path under /v1 (`/admin/users`). */
  path: string;
  columns: Column<T>[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  searchLabel?: string;
  /** The API's page parameter: `pageToken` (users) or `cursor` (the others). The page URL always says `pageToken`. */
  pageParam?: 'pageToken' | 'cursor';
  /** Above the table (an export button). */
  actions?: ReactNode;
  /** Changes to reload (after an action). */
  reloadKey?: unknown;
  rowKey?: (row: T) => string;
}

/**
 * An admin list: search (3+ characters), sortable headers with a direction toggle, and pages
 * named by a `pageToken` query parameter of the page's URL (seed 000 §2), so a page can be linked
 * and the browser's Back returns to the previous one.
 */
export function CursorList<T extends { id: string }>({ title, path, columns, defaultSort, searchLabel = 'Search', pageParam = 'cursor', actions, reloadKey, rowKey }: CursorListProps<T>) {
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort') ?? defaultSort.sort;
  const order = (params.get('order') as 'asc' | 'desc' | null) ?? defaultSort.order;
  const q = params.get('q') ?? '';
  const pageToken = params.get('pageToken') ?? '';
  // The page size (100 unless the URL says otherwise, as a shared link may).
  const limit = Number(params.get('limit')) || undefined;
  const [search, setSearch] = useState(q);
  const [state, setState] = useState<{ loading: boolean; answer?: Answer<T>; error?: string }>({ loading: true });

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api
      .get<Answer<T>>(path, { query: { sort, order, limit, q: q.length >= 3 ? q : undefined, [pageParam]: pageToken || undefined } })
      .then(
        (answer) => live && setState({ loading: false, answer }),
        (err: unknown) => live && setState({ loading: false, error: errorMessage(err) }),
      );
    return () => {
      live = false;
    };
  }, [path, sort, order, limit, q, pageToken, pageParam, reloadKey]);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const onSort = (key: string) => update({ sort: key, order: key === sort && order === 'asc' ? 'desc' : 'asc', pageToken: undefined });
  const next = state.answer?.nextPageToken ?? state.answer?.nextCursor ?? null;

  return (
    <>
      <h1>{title}</h1>
      <section className="adm-card" aria-busy={state.loading} aria-label={title}>
        <div className="adm-toolbar">
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              update({ q: search.trim() || undefined, pageToken: undefined });
            }}
          >
            <input type="search" aria-label={searchLabel} placeholder={searchLabel} value={search} onChange={(event) => {
              setSearch(event.target.value);
              const value = event.target.value.trim();
              if (value.length === 0 || value.length >= 3) update({ q: value || undefined, pageToken: undefined });
            }} />
          </form>
          {state.answer && (
            <span className="adm-muted" data-testid="list-total">
              {state.answer.total} total
            </span>
          )}
          <span style={{ flex: 1 }} />
          {actions}
        </div>
        {state.error && (
          <p className="adm-status adm-status-error" role="alert">
            {state.error}
          </p>
        )}
        <SortableTable<T>
          label={title}
          columns={columns}
          rows={state.answer?.data ?? []}
          rowKey={rowKey ?? ((row) => row.id)}
          sort={{ sort, order }}
          onSort={onSort}
          placeholder={state.answer ? undefined : state.loading ? 'Loading…' : ''}
        />
        <div className="adm-toolbar" style={{ marginTop: 16, marginBottom: 0 }}>
          {pageToken && (
            <button type="button" className="adm-btn" onClick={() => update({ pageToken: undefined })}>
              First page
            </button>
          )}
          {next && (
            <button type="button" className="adm-btn" onClick={() => update({ pageToken: next })}>
              Next page
            </button>
          )}
        </div>
      </section>
    </>
  );
}
