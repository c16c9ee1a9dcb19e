import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';

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
function translateExisting(base: Catalogue, translation: Catalogue): Catalogue {
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

const bases = {
  en: englishMessages as unknown as Catalogue,
  // ra-language-russian trails react-admin: texts it lacks keep their English wording.
  ru: translateExisting(
    englishMessages as unknown as Catalogue,
    russianMessages as unknown as Catalogue,
  ),
};

/** A full catalogue: react-admin's own texts in `base`, then ours over them. */
export function mergeCatalogue(base: keyof typeof bases, overrides: Catalogue): Catalogue {
  return deepMerge(bases[base], overrides);
}

/** Every key of a catalogue, dotted: `ra.action.save`, ... */
export function flattenKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' ? flattenKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
