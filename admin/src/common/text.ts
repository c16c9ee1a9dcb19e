import { DESCRIPTION_PREVIEW_LENGTH } from '@conveyor/shared';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A list column's preview of a text (spec 5 and 9): its first 30 characters, then '…' when
 * there was more. Characters as a reader counts them (an emoji or a letter with its accent is
 * one), never half of one.
 */
export function truncateText(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  const characters = Array.from(graphemes.segment(text), (part) => part.segment);
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text;
}
