// The public site's search text, the same on both sides: the index the release builds
// (site/src/integrations/search.ts) and the query a visitor types (site/src/scripts/search.ts).
// Uzbek is written with apostrophes in many ways, and in two alphabets.

/**
 * Every apostrophe an Uzbek writer uses for oʻ, gʻ and the tutuq belgisi: the modifier letters
 * ʻ (U+02BB) and ʼ (U+02BC), the ASCII ', the typographic ‘ ’, the grave `, the acute ´ and the
 * prime ′. Pagefind drops some of them from a word and keeps others, so "oʻzbek" and "o'zbek"
 * would not meet: all of them become one, the modifier letter turned comma ʻ, which it keeps
 * inside a word.
 */
const APOSTROPHES = /[\u02BB\u02BC\u0027\u2018\u2019\u0060\u00B4\u2032]/g;
export const UZ_APOSTROPHE = '\u02BB';

/** Text with every apostrophe variant folded to one (see APOSTROPHES). */
export function foldApostrophes(text: string): string {
  return text.replace(APOSTROPHES, UZ_APOSTROPHE);
}

// Uzbek Cyrillic to Latin, by the 1995 alphabet's table. Written here: the one npm package for
// it (lotin-kirill) pulls in a link parser and is a few months old; the table is thirty letters.
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 's',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: UZ_APOSTROPHE,
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: `o${UZ_APOSTROPHE}`,
  қ: 'q',
  ғ: `g${UZ_APOSTROPHE}`,
  ҳ: 'h',
};
const VOWELS = new Set('аеёиоуэюяў');

/** Whether the text holds a Cyrillic letter. */
export const hasCyrillic = (text: string): boolean => /[\u0400-\u04FF]/.test(text);

/**
 * Uzbek in Cyrillic letters, in Latin ones: "ўзбек" → "oʻzbek", "лента" → "lenta". Е is "ye" at
 * the start of a word and after a vowel or a hard sign, "e" elsewhere; ц is "s" (as in the words
 * Uzbek took from Russian, "sex" for цех); capitals stay capitals.
 */
export function uzbekToLatin(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const lower = char.toLowerCase();
    let latin: string;
    if (lower === 'е') {
      const before = (text[i - 1] ?? '').toLowerCase();
      const startsWord = !before || !/[\p{L}]/u.test(before);
      latin = startsWord || VOWELS.has(before) || before === 'ъ' ? 'ye' : 'e';
    } else {
      const mapped = CYRILLIC[lower];
      if (mapped === undefined) {
        out += char;
        continue;
      }
      latin = mapped;
    }
    out += char !== lower && latin ? latin[0]!.toUpperCase() + latin.slice(1) : latin;
  }
  return out;
}

/**
 * What the search looks for, given what a visitor typed on a page in this language: the
 * apostrophes folded, and on an Uzbek page a query in Cyrillic letters in Latin ones (the
 * Uzbek pages are written in Latin).
 */
export function searchQuery(lang: string, typed: string): string {
  const query = typed.trim().replace(/\s+/g, ' ');
  return foldApostrophes(lang === 'uz' && hasCyrillic(query) ? uzbekToLatin(query) : query);
}
