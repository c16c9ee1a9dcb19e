/** What ends a shortened text. */
export const ELLIPSIS = '…';

/**
 * A number on its own ("1", "1 200" is two of them, "12,000", "0.75"), or a range of them
 * ("5–15"): its unit may follow.
 */
const NUMBER = /^[+\-−±]?\d[\d.,]*(?:[–—-]\d[\d.,]*)?$/u;
/** White space, as `\s` reads it. */
const WHITE = /\s/u;
/** What a shortened text should not end with before its "…". */
const TRAILING = /[\s,;:.\-–—(«"„“'‘/]+$/u;

/**
 * A text of at most `max` characters (the "…" included) for a card or a meta description: one
 * line, cut at a word boundary and ended with "…". It never ends on a bare number, since the
 * words after a number are usually its unit ("до 1 200 мм" is not cut to "до 1…"): it backs off
 * to the word boundary before the number. A text with no word boundary to cut at (one long word)
 * is cut inside it. A text that fits is returned whole.
 */
export function shorten(text: string, max: number): string {
  // One line, by code points, so a character outside the BMP (an emoji) is never split in two;
  // and only as far as can be kept: each run of white space is one space, none at either end.
  // (Read whole, a long description would cost more than the rest of its card's rendering.)
  const chars: string[] = [];
  let space = false;
  for (const char of text) {
    if (WHITE.test(char)) {
      space = chars.length > 0;
      continue;
    }
    if (space) {
      space = false;
      chars.push(' ');
      if (chars.length > max) break;
    }
    chars.push(char);
    if (chars.length > max) break;
  }
  if (chars.length <= max) return chars.join('');
  const room = Math.max(0, max - ELLIPSIS.length);
  // the words that fit whole: a word fits when the character after it is a space
  const words = chars
    .slice(0, room + 1)
    .join('')
    .split(' ');
  words.pop();
  while (words.length > 0 && NUMBER.test(words.at(-1)!)) words.pop();
  const kept = words.join(' ').replace(TRAILING, '');
  if (kept) return kept + ELLIPSIS;
  // one long word (or only numbers): cut it where the room ends
  return chars.slice(0, room).join('').replace(TRAILING, '') + ELLIPSIS;
}

/** The paragraphs of a plain text: separated by a blank line, trimmed, none empty. */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
