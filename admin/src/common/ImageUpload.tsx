import { ADMIN_TOAST_MS, MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import { Box, FormHelperText, InputLabel } from '@mui/material';
import { useDropzone } from 'react-dropzone';
import { useInput, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { fileUrl } from '../config.ts';
import type { ImageValue } from '../providers/dataProvider.ts';
import { DropZone } from './DropZone.tsx';
import { GalleryPreviews } from './GalleryPreviews.tsx';
import { imageChoiceError } from './imageRules.ts';
import { PicturePreview, RemovePictureButton } from './PicturePreview.tsx';

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

  const change = (next: ImageValue[] | ImageValue | null) => {
    onChange(next);
    onBlur();
  };

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
      change(multiple ? [...items, ...chosen.map(fromFile)] : fromFile(chosen[0]!));
    },
  });

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
        disabled={disabled}
        text={translate(
          multiple ? 'ra.input.image.upload_several' : 'ra.input.image.upload_single',
        )}
      />
      {multiple && items.length > 0 && (
        <GalleryPreviews
          items={items}
          disabled={disabled}
          testId={`previews-${source}`}
          onChange={change}
        />
      )}
      {!multiple && items[0] && (
        <Box
          sx={{ position: 'relative', width: 'fit-content', mt: 1 }}
          data-testid={`previews-${source}`}
        >
          <PicturePreview src={items[0].src} alt={title} />
          <RemovePictureButton
            label={translate('conveyor.images.remove_named', { name: title })}
            disabled={disabled}
            onClick={() => change(null)}
          />
        </Box>
      )}
      {error?.message && <FormHelperText error>{translate(error.message)}</FormHelperText>}
    </Box>
  );
}
