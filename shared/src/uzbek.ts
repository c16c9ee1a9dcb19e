// How the interface and the demo write Uzbek's apostrophes: one orthography (the 1995 Latin
// alphabet as typeset today). The search folds every variant to one letter anyway
// (foldApostrophes in search.ts); this is what the texts themselves hold.

/** ʻ (U+02BB, modifier letter turned comma): the letters oʻ and gʻ. */
export const UZ_LETTER_MARK = '\u02BB';
/** ʼ (U+02BC, modifier letter apostrophe): the tutuq belgisi, the glottal stop (maʼlumot, sanʼat). */
export const UZ_TUTUQ = '\u02BC';

/**
 * An apostrophe inside a Latin word, written any way Uzbek writers write it: ASCII ', the
 * typographic ‘ ’, the grave `, the acute ´, the prime ′, and the two right ones. One at a word's
 * edge is a quotation mark, and stays.
 */
const INSIDE_A_WORD = /(?<=\p{Script=Latin})['‘’`´′ʻʼ](?=\p{Script=Latin})/gu;

/** Uzbek text with its apostrophes in the one orthography: ʻ after o and g, ʼ after any other letter. */
export function uzbekApostrophes(text: string): string {
  return text.replace(INSIDE_A_WORD, (_mark, offset: number) =>
    /[oOgG]/.test(text[offset - 1]!) ? UZ_LETTER_MARK : UZ_TUTUQ,
  );
}

/** The words of an Uzbek text whose apostrophes are written otherwise (empty: none). */
export function misspeltApostrophes(text: string): string[] {
  const right = uzbekApostrophes(text);
  if (right === text) return [];
  const words = text.split(/\s+/);
  const fixed = right.split(/\s+/);
  return words.filter((word, index) => word !== fixed[index]);
}
