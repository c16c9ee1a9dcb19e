import type { Term } from '@conveyor/shared';
import englishMessages from 'ra-language-english';

export interface Catalogue {
  [key: string]: string | Catalogue;
}

function deepMerge(base: Catalogue, overrides: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key];
    out[key] =
      typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/** `base` with the texts of `translation` for the keys `base` has (older keys are dropped). */
export function translateExisting(base: Catalogue, translation: Catalogue): Catalogue {
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(base)) {
    const translated = translation[key];
    out[key] =
      typeof value === 'object'
        ? translateExisting(value, typeof translated === 'object' ? translated : {})
        : typeof translated === 'string'
          ? translated
          : value;
  }
  return out;
}

/** react-admin's own texts in English: the base of every catalogue. */
export const english = englishMessages as unknown as Catalogue;

/** A full catalogue: react-admin's own texts in `base`, then ours over them. */
export function mergeCatalogue(base: Catalogue, overrides: Catalogue): Catalogue {
  return deepMerge(base, overrides);
}

/** Every key of a catalogue, dotted: `ra.action.save`, ... */
export function flattenKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' ? flattenKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/**
 * A resource's name as react-admin reads it (`one |||| many`), from the glossary the site
 * shares (shared/src/glossary.ts): the menu and the screens say what the site says.
 */
export const resourceName = (term: Term): string => `${term.one} |||| ${term.many}`;
