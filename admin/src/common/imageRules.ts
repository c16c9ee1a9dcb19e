import { ACCEPTED_IMAGE_TYPES, MAX_PRODUCT_IMAGES } from '@conveyor/shared';

const ACCEPTED = new Set<string>(ACCEPTED_IMAGE_TYPES);

export interface ImageChoice {
  /** Every file the user chose: those the picker accepted and those it rejected. */
  files: readonly { type: string }[];
  /** How many of them the picker itself rejected (by type). */
  rejected?: number;
  /** Images the input holds already (existing and new). */
  current?: number;
  multiple?: boolean;
  max?: number;
}

/**
 * The spec's image rules (section 5) for one choice of files: one file that is not JPEG or PNG
 * rejects the whole choice ('Only jpeg and png files are allowed'); in a gallery, images held
 * plus chosen may not pass 8 ('You can upload up to 8 images'). Null when the choice is fine;
 * otherwise the message key of the toast.
 */
export function imageChoiceError({
  files,
  rejected = 0,
  current = 0,
  multiple = false,
  max = MAX_PRODUCT_IMAGES,
}: ImageChoice): 'conveyor.images.only_jpeg_png' | 'conveyor.images.too_many' | null {
  if (rejected > 0 || files.some((file) => !ACCEPTED.has(file.type))) {
    return 'conveyor.images.only_jpeg_png';
  }
  if (multiple && current + files.length > max) return 'conveyor.images.too_many';
  return null;
}
