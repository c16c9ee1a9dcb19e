import { arrayMove } from '@dnd-kit/sortable';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ImageValue } from '../providers/dataProvider.ts';
import { AltTextButton } from './AltTextButton.tsx';
import { PicturePreview, RemovePictureButton } from './PicturePreview.tsx';
import { SortableRows, useSortableRow } from './SortableRows.tsx';

/** How a gallery's item is known while it is dragged: its stored id or path, or its file. */
const keyOf = (item: ImageValue, index: number) =>
  String(item.id ?? item.path ?? item.src ?? index);

/**
 * A product's gallery as previews put in order by dragging them with the mouse (or a finger),
 * or with the keyboard (focus one, Space, the arrow keys, Space). Each picture is named by its
 * place in the gallery ("gallery picture 2"), so that a screen reader tells it from the main
 * picture, and carries its remove and alternative-text buttons.
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
  const keys = items.map(keyOf);
  const describe = (item: ImageValue, texts: Pick<ImageValue, 'alt_uz' | 'alt_ru' | 'alt_en'>) =>
    onChange(items.map((other) => (other === item ? { ...other, ...texts } : other)));

  return (
    <SortableRows
      ids={keys}
      direction="horizontal"
      disabled={disabled}
      onMove={(from, to) => onChange(arrayMove(items, from, to))}
    >
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
    </SortableRows>
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
  const { rowRef, rowSx, isDragging, handleRef, handleProps, handleSx } = useSortableRow(id);
  return (
    <Box
      component="li"
      ref={rowRef}
      data-testid="gallery-item"
      sx={{ position: 'relative', ...rowSx, zIndex: isDragging ? 1 : undefined }}
    >
      <Box
        ref={handleRef}
        {...handleProps}
        aria-label={label}
        title={label}
        data-testid="gallery-handle"
        sx={{
          ...handleSx,
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
