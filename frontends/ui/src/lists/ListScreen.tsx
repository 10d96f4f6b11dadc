import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ColumnChooser, useColumnChoice } from './ColumnChooser';
import { usePageTitle } from '../title';
import { listMessages as m } from './messages';
import { PagerFooter } from './PagerFooter';
import { errorMessage } from './shared';
import { SortableTable, type ListColumn } from './SortableTable';
import type { Collection } from './useCollection';
import './styles';

export interface ListScreenProps<T> {
  title: string;
  collection: Collection<T>;
  columns: readonly ListColumn<T>[];
  rowKey(row: T): string;
  /** The add button: its label and where it goes. */
  add?: { label: string; to: string };
  /** Offer a search toggle (the server searches from 3 characters). */
  searchable?: boolean;
  /** Offer a column chooser, remembered under this key. */
  columnChooserKey?: string;
  pageSizes?: readonly number[];
  actions?(row: T): ReactNode;
  /** Above the table (a mode banner). */
  children?: ReactNode;
  /** More header tools, before the add button (a view switch). */
  tools?: ReactNode;
  /** Shown instead of the table (a card list of the same rows); the pager stays. */
  content?: ReactNode;
  /** The empty list's text; 'All caught up! No results found!' unless named. */
  empty?: string;
}

function SearchBox({ title, collection }: { title: string; collection: Collection<unknown> }) {
  const [open, setOpen] = useState(collection.q !== '');
  const toggle = () => {
    // Closing the search clears it, which restores the normal list.
    if (open) collection.setQ('');
    setOpen(!open);
  };
  return (
    <>
      {open && (
        <input
          className="ls-search"
          type="search"
          // The box opens on request: focusing it is what the click asked for.
          autoFocus
          value={collection.q}
          onChange={(event) => collection.setQ(event.target.value)}
          placeholder={`${m.search} ${title.toLowerCase()}`}
          aria-label={`${m.search} ${title.toLowerCase()}`}
        />
      )}
      <button type="button" className="ls-icon-button" aria-expanded={open} onClick={toggle}>
        <span aria-hidden="true">⌕</span> {m.search}
      </button>
    </>
  );
}

/**
 * A list screen (seed 001 §2 "Shared list behaviour"): header with title, search toggle, column
 * chooser and add button; the sortable table; the 64 px pager footer.
 */
export function ListScreen<T>({ title, collection, columns, rowKey, add, searchable, columnChooserKey, pageSizes, actions, children, tools, content, empty }: ListScreenProps<T>) {
  usePageTitle(title);
  const choice = useColumnChoice(columnChooserKey ?? '', columns);
  const shown = columnChooserKey ? choice.visible : columns;
  const placeholder =
    collection.error !== undefined ? (
      <span role="alert">{errorMessage(collection.error)}</span>
    ) : collection.loading && collection.rows.length === 0 ? (
      m.loading
    ) : undefined;
  return (
    <section className="ls-screen" aria-labelledby="ls-title" aria-busy={collection.loading}>
      <div className="ls-head">
        <h1 id="ls-title">{title}</h1>
        <div className="ls-tools">
          {searchable && <SearchBox title={title} collection={collection as Collection<unknown>} />}
          {tools}
          {columnChooserKey && content === undefined && <ColumnChooser columns={columns} hidden={choice.hidden} onToggle={choice.toggle} />}
          {add && (
            <Link className="ls-add" to={add.to}>
              {add.label}
            </Link>
          )}
        </div>
      </div>
      {children}
      <div className="ls-frame">
        {content === undefined ? (
          <SortableTable
            label={title}
            columns={shown}
            rows={collection.rows}
            rowKey={rowKey}
            sort={collection.sort}
            onSort={collection.sortBy}
            placeholder={placeholder}
            {...(empty ? { empty } : {})}
            {...(actions ? { actions } : {})}
          />
        ) : placeholder !== undefined || collection.rows.length === 0 ? (
          <p className="ls-empty">{placeholder ?? empty ?? m.empty}</p>
        ) : (
          content
        )}
        <PagerFooter
          {...collection}
          onPrevious={collection.previous}
          onNext={collection.next}
          {...(pageSizes ? { pageSizes, onPageSize: collection.setPageSize } : {})}
        />
      </div>
    </section>
  );
}
