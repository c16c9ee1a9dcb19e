import { ADMIN_DEFAULT_LANGUAGE, isLanguage, recordLabel, type Resource } from '@conveyor/shared';
import type { RaRecord } from 'react-admin';
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
