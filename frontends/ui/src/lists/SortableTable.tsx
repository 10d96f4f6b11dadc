import type { ReactNode } from 'react';
import type { Sort } from './paging';
import { listMessages as m } from './messages';
import './styles';

export interface ListColumn<T> {
  key: string;
  title: string;
  /** The server's sort field; absent: the column does not sort. */
  sortKey?: string;
  /** Left out on a phone (under 600 px), so the columns that matter there fit without scrolling sideways. */
  wideOnly?: boolean;
  render(row: T): ReactNode;
}

const wideOnly = (column: { wideOnly?: boolean }) => (column.wideOnly ? 'ls-wide' : undefined);

export interface SortableTableProps<T> {
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  sort: Sort;
  onSort(key: string): void;
  /** Shown instead of rows (loading, error); the empty text otherwise when there are none. */
  placeholder?: ReactNode;
  /** The empty list's text (default 'All caught up! No results found!'). */
  empty?: string;
  /** The last cell of each row (quick edit). */
  actions?(row: T): ReactNode;
  actionsTitle?: string;
}

function Arrows({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  return (
    // Drawn, not text: decorative, and no contrast rule applies to the inactive one.
    <svg className="ls-arrow" width="8" height="14" viewBox="0 0 8 14" aria-hidden="true" data-sort={direction ?? 'none'}>
      <path d="M4 0L8 5H0z" className={direction === 'asc' ? 'on' : undefined} />
      <path d="M4 14L0 9h8z" className={direction === 'desc' ? 'on' : undefined} />
    </svg>
  );
}

/** A table whose headers sort: arrows show the sorted column and its order; a click toggles it. */
export function SortableTable<T>({ label, columns, rows, rowKey, sort, onSort, placeholder, empty, actions, actionsTitle = 'Actions' }: SortableTableProps<T>) {
  const span = columns.length + (actions ? 1 : 0);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
    <div className="ls-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="ls-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => {
              const { sortKey } = column;
              const direction = sortKey && sort.sort === sortKey ? sort.order : undefined;
              return (
                <th key={column.key} scope="col" className={wideOnly(column)} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
                  {sortKey ? (
                    <button type="button" className="ls-sort" onClick={() => onSort(sortKey)}>
                      {column.title}
                      <Arrows direction={direction} />
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col">
                <span className="ls-sr">{actionsTitle}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {placeholder !== undefined || rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="ls-empty">
                {placeholder ?? empty ?? m.empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid="list-row">
                {columns.map((column) => (
                  <td key={column.key} className={wideOnly(column)}>
                    {column.render(row)}
                  </td>
                ))}
                {actions && <td style={{ textAlign: 'right' }}>{actions(row)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
