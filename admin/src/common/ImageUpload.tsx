import { ADMIN_TOAST_MS, MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import {
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
import CloseIcon from '@mui/icons-material/Close';
import { Box, FormHelperText, IconButton, InputLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { AltTextButton } from './AltTextButton.tsx';
import { DropZone } from './DropZone.tsx';
import { useDropzone } from 'react-dropzone';
import { useInput, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { fileUrl } from '../config.ts';
import type { ImageValue } from '../providers/dataProvider.ts';
import { imageChoiceError } from './imageRules.ts';

/** An image the API stored (a path, or `{id, src}` in a gallery) as the input's value. */
function fromStored(value: unknown): ImageValue | null {
  if (!value) return null;
  if (typeof value === 'string') return { src: fileUrl(value), path: value, title: value };
  const item = value as ImageValue & { src?: string };
  // a new file, or an item this input already made (the form keeps what onChange gave it)
  if (item.rawFile || item.path) return item;
  return { ...item, src: fileUrl(item.src), path: item.src };
}

function fromFile(file: File): ImageValue {
  return { rawFile: file, src: URL.createObjectURL(file), title: file.name };
}

/**
 * An image picker with previews, for one image or a product's gallery. Written on react-dropzone
 * (which react-admin's ImageInput also uses) because the spec's rules are not ImageInput's:
 * one file of another type rejects the whole choice ('Only jpeg and png files are allowed'),
 * existing + new images may not exceed 8 ('You can upload up to 8 images'), both as toasts;
 * removing an existing image only marks it (the data provider sends its id to delete).
 */
export function ImageUpload({
  source,
  multiple = false,
  max = MAX_PRODUCT_IMAGES,
  label,
}: {
  source: string;
  multiple?: boolean;
  max?: number;
  label?: string;
}) {
  const notify = useNotify();
  const translate = useTranslate();
  const resource = useResourceContext();
  const {
    id,
    field: { value, onChange, onBlur, disabled },
    fieldState: { error },
  } = useInput({
    source,
    format: (stored: unknown) =>
      multiple
        ? ((stored as unknown[] | null) ?? []).map(fromStored).filter(Boolean)
        : fromStored(stored),
    // keep the form value as it is: the data provider turns it into the request
    parse: (current: unknown) => current,
  });
  const items: ImageValue[] = multiple ? ((value as ImageValue[]) ?? []) : value ? [value] : [];

  const dropzone = useDropzone({
    multiple,
    // a read-only screen (a role that may only read): nothing is dropped or picked
    disabled,
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] },
    onDrop: (accepted, rejected) => {
      const chosen = [...accepted, ...rejected.map((rejection) => rejection.file)];
      if (chosen.length === 0) return;
      const refusal = imageChoiceError({
        files: chosen,
        rejected: rejected.length,
        current: items.length,
        multiple,
        max,
      });
      if (refusal) {
        notify(refusal, { type: 'error', autoHideDuration: ADMIN_TOAST_MS });
        return;
      }
      onChange(multiple ? [...items, ...chosen.map(fromFile)] : fromFile(chosen[0]!));
      onBlur();
    },
  });

  // a gallery's pictures are dragged into their order (or moved with the keyboard: focus one,
  // Space, the arrow keys, Space); each item is known by its stored path or its file
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keyOf = (item: ImageValue, index: number) =>
    String(item.id ?? item.path ?? item.src ?? index);
  const keys = items.map(keyOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    onChange(arrayMove(items, from, to));
    onBlur();
  };
  const describe = (item: ImageValue, texts: Pick<ImageValue, 'alt_uz' | 'alt_ru' | 'alt_en'>) => {
    onChange(items.map((other) => (other === item ? { ...other, ...texts } : other)));
    onBlur();
  };

  const remove = (item: ImageValue) => {
    if (multiple) onChange(items.filter((other) => other !== item));
    else onChange(null);
    onBlur();
  };

  const title = label ?? translate(`resources.${resource}.fields.${source}`);
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <InputLabel htmlFor={id} shrink sx={{ mb: 1 }}>
        {title}
        {multiple ? ` (${translate('conveyor.images.count', { count: items.length, max })})` : ''}
      </InputLabel>
      <DropZone
        dropzone={dropzone}
        id={id}
        testId={`upload-${source}`}
        text={translate(
          multiple ? 'ra.input.image.upload_several' : 'ra.input.image.upload_single',
        )}
      />
      {items.length > 0 && (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <SortableContext
            items={keys}
            strategy={horizontalListSortingStrategy}
            disabled={!multiple || disabled}
          >
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
              data-testid={`previews-${source}`}
            >
              {items.map((item, index) => (
                <SortableItem
                  key={keys[index]}
                  id={keys[index]!}
                  label={translate('conveyor.images.move', { place: index + 1 })}
                  picture={
                    <Box
                      component="img"
                      src={item.src}
                      alt={item.title ?? ''}
                      sx={{
                        width: 96,
                        height: 96,
                        objectFit: 'cover',
                        borderRadius: 1,
                        display: 'block',
                      }}
                    />
                  }
                >
                  <IconButton
                    size="small"
                    aria-label={translate('conveyor.images.remove')}
                    onClick={() => remove(item)}
                    disabled={disabled}
                    sx={{
                      position: 'absolute',
                      top: 2,
                      right: 2,
                      bgcolor: 'background.paper',
                      '&:hover': { bgcolor: 'background.paper' },
                    }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                  {multiple && item.id !== undefined && (
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
      )}
      {error?.message && <FormHelperText error>{translate(error.message)}</FormHelperText>}
    </Box>
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
  /** What the handle is called: "move picture 2". */
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
      ref={setNodeRef}
      data-testid="gallery-item"
      sx={{
        position: 'relative',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={label}
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
