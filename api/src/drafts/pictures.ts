import {
  DRAFT_ADDED_PICTURES as ADDED,
  DRAFT_KEPT_PICTURES as KEPT,
  DRAFT_REMOVED_PICTURES as REMOVED,
} from '@conveyor/shared';
import { BadRequest } from '../lib/httpErrors.ts';
import type { AnyRecord, Body, Crud } from '../content/definition.ts';

/**
 * A draft's pictures: the live record keeps its pictures until the draft is
 * published, as it keeps its other fields. A new picture's file is stored when the draft is
 * saved (checked by content like any upload) and named in `draft_files`; the draft's data holds
 *
 * - under the image column (`image`): the new picture's path, or null to remove the picture;
 *   absent, the record's picture stays;
 * - `images_added`: a product's new gallery pictures (paths), after the ones it keeps;
 * - `delete_images_array`: the ids of the live gallery pictures it removes.
 *
 * A request that saves a draft again (or the edit screen's Save, which spends it) names the
 * draft's pictures it keeps: the new picture's path in the image field, the added gallery
 * pictures' paths in `draft_images`. What it does not name goes with the old draft.
 */
export interface DraftPictures {
  image?: string | null;
  added: string[];
  removed: number[];
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The pictures a draft's data holds. */
export function picturesOf(def: Crud, data: Body | undefined): DraftPictures {
  const pictures: DraftPictures = {
    added: strings(data?.[ADDED]),
    removed: Array.isArray(data?.[REMOVED]) ? (data[REMOVED] as unknown[]).map(Number) : [],
  };
  const column = def.image?.column;
  if (column && data && column in data) {
    const image = data[column];
    pictures.image = typeof image === 'string' ? image : null;
  }
  return pictures;
}

/** The stored files a draft's pictures name. */
export function filesOf(pictures: DraftPictures): string[] {
  return [...(typeof pictures.image === 'string' ? [pictures.image] : []), ...pictures.added];
}

/** The pictures as a draft's data keeps them (nothing for what does not change). */
export function picturesData(def: Crud, pictures: DraftPictures): Body {
  return {
    ...(def.image && pictures.image !== undefined && { [def.image.column]: pictures.image }),
    ...(pictures.added.length > 0 && { [ADDED]: pictures.added }),
    ...(pictures.removed.length > 0 && { [REMOVED]: pictures.removed }),
  };
}

/**
 * The pictures of a save, worked out from its body, the files it stored (`image`, `gallery`)
 * and the draft it replaces or spends (`previous`): a new file wins; an empty image field
 * removes the picture; the image field naming the draft's own new picture keeps it. A path
 * the draft does not hold is refused: a save cannot point a record at any stored file.
 */
export function nextPictures(
  def: Crud,
  body: Body,
  stored: { image?: string; gallery: string[] },
  previous: DraftPictures,
  live: AnyRecord,
): DraftPictures {
  const next: DraftPictures = { added: [], removed: [] };
  if (def.image) {
    const sent = body[def.image.field];
    if (stored.image) next.image = stored.image;
    else if (sent === null || sent === '') {
      if (live[def.image.column] || previous.image) next.image = null;
    } else if (typeof sent === 'string') {
      if (sent !== previous.image && sent !== live[def.image.column]) {
        throw new BadRequest(`${def.image.field}: not a picture of this record's draft`, {
          code: 'drafts.unknownPicture',
          field: def.image.field,
        });
      }
      // the record's own picture, sent back as it is, is no change
      if (sent === previous.image) next.image = sent;
    }
  }
  if (def.gallery) {
    const kept = strings(body[KEPT]);
    const foreign = kept.find((path) => !previous.added.includes(path));
    if (foreign !== undefined) {
      throw new BadRequest(`${KEPT}: ${foreign} is not a picture of this record's draft`, {
        code: 'drafts.unknownPicture',
        field: KEPT,
      });
    }
    next.added = [...new Set(kept), ...stored.gallery];
    next.removed = [...new Set(((body[REMOVED] as unknown[] | undefined) ?? []).map(Number))];
  }
  return next;
}

/** The draft's files a save leaves behind: to remove once it has committed. */
export function droppedFiles(previous: DraftPictures, next: DraftPictures): string[] {
  const kept = new Set(filesOf(next));
  return filesOf(previous).filter((path) => !kept.has(path));
}
