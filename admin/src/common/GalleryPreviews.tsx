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
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ImageValue } from '../providers/dataProvider.ts';
import { AltTextButton } from './AltTextButton.tsx';
import { PicturePreview, RemovePictureButton } from './PicturePreview.tsx';

/** How a gallery's item is known while it is dragged: its stored id or path, or its file. */
const keyOf = (item: ImageValue, index: number) =>
  String(item.id ?? item.path ?? item.src ?? index);

/**
 * A product's gallery as previews put in order by dragging them with the mouse (or a finger),
 * or with the keyboard (focus one, Space, the arrow keys, Space). Each picture is named by its
 * place in the gallery ("gallery picture 2"), so that a screen reader tells it from the main
 * picture, and carries its remove and alternative-text buttons.
 *
 * The pointer sensor starts a drag at the press, with no distance to cover first: with one,
 * the move that covers it only starts the drag and is not applied, so a drag made of few moves
 * (a quick flick, or a tool that presses, moves once and releases) would leave the picture in
 * place. A press that does not move drops the picture where it was.
 */
export function GalleryPreviews({
  items,
  disabled,
  testId,
  onChange,
}: {
  items: ImageValue[];
  disabled: boolean | undefined;
  testId: string;
  onChange: (items: ImageValue[]) => void;
}) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(keyOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(items, from, to));
  };
  const describe = (item: ImageValue, texts: Pick<ImageValue, 'alt_uz' | 'alt_ru' | 'alt_en'>) =>
    onChange(items.map((other) => (other === item ? { ...other, ...texts } : other)));

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={horizontalListSortingStrategy} disabled={disabled}>
        <Box
          component="ol"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, p: 0, listStyle: 'none' }}
          data-testid={testId}
        >
          {items.map((item, index) => (
            <SortableItem
              key={keys[index]}
              id={keys[index]!}
              label={translate('conveyor.images.move', { place: index + 1 })}
              picture={<PicturePreview src={item.src} />}
            >
              <RemovePictureButton
                label={translate('conveyor.images.remove_gallery', { place: index + 1 })}
                disabled={disabled}
                onClick={() => onChange(items.filter((other) => other !== item))}
              />
              {item.id !== undefined && (
                <AltTextButton
                  value={item}
                  place={index + 1}
                  disabled={disabled}
                  onSave={(texts) => describe(item, texts)}
                />
              )}
            </SortableItem>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

/**
 * A picture of the gallery that can be dragged (or moved with the keyboard) into its place, by
 * its picture: the handle, a button of its own, so that the buttons beside it stay buttons.
 */
function SortableItem({
  id,
  label,
  picture,
  children,
}: {
  id: string;
  /** What the handle is called: "gallery picture 2: drag …". */
  label: string;
  picture: ReactNode;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="gallery-item"
      sx={{
        position: 'relative',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={label}
        title={label}
        data-testid="gallery-handle"
        sx={{
          cursor: attributes['aria-disabled'] ? 'default' : 'grab',
          touchAction: 'none',
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {picture}
      </Box>
      {children}
    </Box>
  );
}
