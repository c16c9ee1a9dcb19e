import { ADMIN_DEFAULT_LANGUAGE, isLanguage, recordLabel, type Resource } from '@conveyor/shared';
import { type RaRecord, useLocaleState } from 'react-admin';
import { i18nProvider } from '../i18n/index.ts';

/**
 * How a record is named (a resource's `recordRepresentation`: the delete dialog's title,
 * reference choices, the Trash and the Scheduled screen): by the field the shared registry's
 * `label` names, in the staff's language, falling back as the site does, and by its number
 * when that is empty.
 */
export function labelRepresentation(resource: Resource) {
  return (record: RaRecord): string => {
    const locale = i18nProvider.getLocale();
    const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
    return recordLabel(resource, record, language).trim() || `#${record.id}`;
  };
}

/**
 * The same name as a function of the record that follows the screen's language as it changes
 * (a reference's column, a reference choice's options): a category's Russian name on the
 * Russian products list, not the Uzbek one the record was first read in.
 */
export function useRecordName(resource: Resource) {
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  return (record: RaRecord | undefined): string =>
    record ? recordLabel(resource, record, language).trim() || `#${record.id}` : '';
}
