import { useState, type ReactNode } from 'react';
import Button from 'antd/es/button';

/**
 * One row of a drag-reorderable list (Form.List): drag it onto another row, or move it with the
 * buttons (the keyboard's way), or remove it.
 */
export function ReorderRow({ index, count, label, move, remove, children }: {
  index: number;
  count: number;
  label: string;
  move(from: number, to: number): void;
  remove(index: number): void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  return (
    <li
      className="ts-pair"
      draggable
      data-testid="reorder-row"
      style={over ? { outline: '2px dashed #1f5eff' } : undefined}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/x-row', String(index));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('text/x-row')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const from = Number(e.dataTransfer.getData('text/x-row'));
        if (Number.isInteger(from) && from !== index) move(from, index);
      }}
    >
      <span aria-hidden="true" style={{ cursor: 'grab', paddingTop: 36 }}>⋮⋮</span>
      <div className="ts-pair-fields">{children}</div>
      <div className="ts-pair-actions">
        <Button size="small" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
          ↑
        </Button>
        <Button size="small" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => move(index, index + 1)}>
          ↓
        </Button>
        <Button size="small" danger aria-label={`Remove ${label}`} onClick={() => remove(index)}>
          ✕
        </Button>
      </div>
    </li>
  );
}
