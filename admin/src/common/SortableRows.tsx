import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

/**
 * Rows put in order by dragging their handle with the mouse (or a finger), or with the keyboard
 * (focus the handle, Space, the arrow keys, Space): `onMove(from, to)` when one is dropped in
 * another's place. Each row is a `useSortableRow`, known by its id in `ids`, in their order.
 *
 * The pointer sensor starts a drag at the press, with no distance to cover first: with one,
 * the move that covers it only starts the drag and is not applied, so a drag made of few moves
 * (a quick flick, or a tool that presses, moves once and releases) would leave the row in
 * place. A press that does not move drops the row where it was.
 */
export function SortableRows({
  ids,
  direction,
  disabled,
  onMove,
  children,
}: {
  ids: string[];
  /** How the rows are laid out: side by side, or one under the other. */
  direction: 'horizontal' | 'vertical';
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext
        items={ids}
        strategy={
          direction === 'horizontal' ? horizontalListSortingStrategy : verticalListSortingStrategy
        }
        disabled={disabled}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * A row of `SortableRows`: `rowRef` and `rowSx` go on the row (the sx moves it while it is
 * dragged, faded), `handleRef`, `handleProps` and `handleSx` on what it is dragged by, an
 * element of its own, so that the buttons beside it stay buttons.
 */
export function useSortableRow(id: string) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return {
    rowRef: setNodeRef,
    isDragging,
    rowSx: {
      transform: CSS.Transform.toString(transform),
      transition,
      opacity: isDragging ? 0.6 : 1,
    },
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
    handleSx: {
      cursor: attributes['aria-disabled'] ? 'default' : 'grab',
      // a finger's drag moves the row, not the page
      touchAction: 'none',
    },
  };
}
