import { useEffect, useRef, useState } from 'react';
import { readHiddenColumns, toggleColumn, writeHiddenColumns } from './columns';
import { listMessages as m } from './messages';
import type { ListColumn } from './SortableTable';
import './styles';

/** The columns of list `listKey` the user chose to see, remembered in localStorage. */
export function useColumnChoice<T>(listKey: string, columns: readonly ListColumn<T>[]) {
  const keys = columns.map((c) => c.key);
  const [hidden, setHidden] = useState<string[]>(() => readHiddenColumns(listKey, keys));
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = toggleColumn(current, key, keys);
      writeHiddenColumns(listKey, next);
      return next;
    });
  return { visible: columns.filter((c) => !hidden.includes(c.key)), hidden, toggle };
}

export interface ColumnChooserProps {
  columns: readonly { key: string; title: string }[];
  hidden: readonly string[];
  onToggle(key: string): void;
}

/** A 'Columns' button opening a checkbox list of the table's columns. */
export function ColumnChooser({ columns, hidden, onToggle }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div ref={box}>
      <button type="button" className="ls-icon-button" aria-expanded={open} aria-controls={open ? 'ls-column-chooser' : undefined} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">☷</span> {m.columns}
      </button>
      {open && (
        <fieldset id="ls-column-chooser" className="ls-chooser">
          <legend>Show columns</legend>
          {columns.map((column) => (
            <label key={column.key}>
              <input type="checkbox" checked={!hidden.includes(column.key)} onChange={() => onToggle(column.key)} />
              {column.title}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
