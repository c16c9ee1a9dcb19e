import { ADMIN_DEFAULT_LANGUAGE, isLanguage, pickLocalized } from '@conveyor/shared';
import type { RaRecord } from 'react-admin';
import { i18nProvider } from '../i18n/index.ts';

/**
 * How a record with a language-dependent name or title is named (a resource's
 * `recordRepresentation`: the delete dialog's title, reference choices): in the staff's
 * language, falling back as the site does, and by its number when every language is empty.
 */
export function localizedRepresentation(prefix: string) {
  return (record: RaRecord): string => {
    const locale = i18nProvider.getLocale();
    const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
    return pickLocalized(record, prefix, language) || `#${record.id}`;
  };
}
