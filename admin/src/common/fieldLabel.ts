import { LANGUAGES } from '@conveyor/shared';
import type { TranslateFunction } from 'react-admin';

const LANGUAGE_SUFFIX = new RegExp(`^(.+)_(${LANGUAGES.join('|')})$`);

/**
 * A field's label as the forms show it: `resources.<resource>.fields.<field>`, and for one
 * language of a translated field its field's label and the language, "Name (English)" for
 * `name_en` (History listed `name_en`). Then `conveyor.history.fields`, then the
 * field's own name.
 */
export function fieldLabel(translate: TranslateFunction, resource: string, field: string): string {
  const own = translate(`resources.${resource}.fields.${field}`, { _: '' });
  if (own) return own;
  const [, prefix, language] = LANGUAGE_SUFFIX.exec(field) ?? [];
  if (prefix && language) {
    const base = translate(`resources.${resource}.fields.${prefix}`, { _: '' });
    if (base) return `${base} (${translate(`conveyor.fields.${language}`)})`;
  }
  return translate(`conveyor.history.fields.${field}`, { _: field });
}
