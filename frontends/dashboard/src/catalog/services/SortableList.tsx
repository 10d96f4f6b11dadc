import type { ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import './styles';

export interface SortableListProps<T> {
  items: readonly T[];
  idOf(item: T): string;
  /** How a person names the item: what the drag handle and the screen-reader announcements say. */
  nameOf(item: T): string;
  onReorder(items: T[]): void;
  /** The item's content beside its drag handle. */
  renderItem(item: T, index: number): ReactNode;
  label: string;
  className?: string;
  itemTestId?: string;
}

const instructions =
  'To pick up an item, press Space or Enter. Use the arrow keys to move it up or down. Press Space or Enter again to drop it in its new place, or Escape to cancel.';

function SortableItem({ id, name, testId, children }: { id: string; name: string; testId?: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} className={isDragging ? 'sv-item sv-dragging' : 'sv-item'} style={{ transform: CSS.Translate.toString(transform), transition }} data-testid={testId}>
      <button type="button" className="sv-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Reorder ${name}`}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="9" cy="6" r="1.6" />
          <circle cx="15" cy="6" r="1.6" />
          <circle cx="9" cy="12" r="1.6" />
          <circle cx="15" cy="12" r="1.6" />
          <circle cx="9" cy="18" r="1.6" />
          <circle cx="15" cy="18" r="1.6" />
        </svg>
      </button>
      <div className="sv-item-body">{children}</div>
    </li>
  );
}

/**
 * A vertical list a person reorders by dragging a handle with the pointer, or with the keyboard
 * (focus the handle, Space, arrow keys, Space): dnd-kit's keyboard sensor, with announcements by name.
 */
export function SortableList<T>({ items, idOf, nameOf, onReorder, renderItem, label, className, itemTestId }: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }));
  const ids = items.map(idOf);
  const nameById = (id: UniqueIdentifier | undefined) => {
    const item = items.find((candidate) => idOf(candidate) === id);
    return item === undefined ? '' : nameOf(item);
  };
  const position = (id: UniqueIdentifier | undefined) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameById(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over ? `${nameById(active.id)} is outside the list.` : over.id === active.id ? `${nameById(active.id)} is at ${position(over.id)}.` : `${nameById(active.id)} moved to ${position(over.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${nameById(active.id)} dropped at ${position(over.id)}.` : `${nameById(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameById(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove([...items], ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={className ? `sv-list ${className}` : 'sv-list'} aria-label={label}>
          {items.map((item, index) => (
            <SortableItem key={idOf(item)} id={idOf(item)} name={nameOf(item)} {...(itemTestId ? { testId: itemTestId } : {})}>
              {renderItem(item, index)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
