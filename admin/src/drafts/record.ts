import {
  DRAFT_ADDED_PICTURES as ADDED,
  DRAFT_REMOVED_PICTURES as REMOVED,
  isResource,
  resourceEntry,
} from '@conveyor/shared';

/**
 * The record as its draft would make it, for the edit form to go on from: the
 * draft's fields over the live record's, its new picture (a stored path) in the image field,
 * and the gallery without the pictures it removes and with those it adds (paths without ids:
 * the data provider sends them back as `draft_images`).
 */
export function withDraft<R extends Record<string, unknown>>(
  resource: string,
  record: R,
  data: Record<string, unknown>,
): R {
  const { [ADDED]: added, [REMOVED]: removed, ...fields } = data;
  const merged: Record<string, unknown> = { ...record, ...fields };
  const gallery = isResource(resource) ? resourceEntry(resource).gallery?.field : undefined;
  if (gallery) {
    const gone = new Set((removed as unknown[] | undefined) ?? []);
    const live = (record[gallery] as { id: unknown }[] | undefined) ?? [];
    merged[gallery] = [
      ...live.filter((image) => !gone.has(image.id)),
      ...((added as string[] | undefined) ?? []).map((src) => ({ src })),
    ];
  }
  return merged as R;
}
