import type { Language } from './languages.ts';
import { type RESOURCE_REGISTRY, type Resource, resourceEntry } from './resources.ts';

// Server-side exports of leads and supplier applications: the file formats, the
// neutralisation of cells a spreadsheet would run, and the translated headers and values. The
// API writes the files; the back office asks for them in the staff's language.

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The resources staff may download as a file (`exports: true` in the registry). */
export type ExportingResource = {
  [K in Resource]: (typeof RESOURCE_REGISTRY)[K] extends { exports: true } ? K : never;
}[Resource];

export function isExporting(name: Resource): name is ExportingResource {
  return resourceEntry(name).exports === true;
}

/** `leads-2026-01-15.csv`: the resource and the day (in the company's time zone). */
export function exportFileName(resource: Resource, format: ExportFormat, day: string): string {
  return `${resource}-${day}.${format}`;
}

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV Injection"): one that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return; also the same signs in their full-width forms
 * (`＝＋－＠`, which some spreadsheets fold into the ASCII ones) or after leading whitespace.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * A phone number as visitors type it and as E.164 writes it: a `+`, then only digits, spaces,
 * brackets and hyphens. A spreadsheet could at most do arithmetic with such a cell: without a
 * letter there is no function (`HYPERLINK`, `WEBSERVICE`, DDE's `cmd|`) and no cell reference,
 * so nothing runs and nothing leaks. Prefixing it would show every phone of an export as
 * `'+998…`, so it is left as it is.
 */
const PHONE = /^\+[0-9][0-9 ()-]{5,30}$/;

/**
 * One cell made safe to open in a spreadsheet: a string that would start a formula gets a
 * single quote prepended, so `=cmd|' /C calc'!A0` is exported as the text `'=cmd|' /C calc'!A0`.
 * A phone number (`+998 90 123-45-67`) is the one exception (see `PHONE`); a signed number
 * written as text (`-5`) is prefixed, as OWASP advises: the file cannot tell it from
 * `-2+3+cmd|...`. Used for CSV and XLSX alike, so a sheet saved back to CSV stays safe.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PHONE.test(value) ? `'${value}` : value;
}

/**
 * Column headers and values of exported files, per language. A column without a label here
 * (one added later) is headed by its own name, and a value without one is written as stored:
 * add a line here when a column or a status is added. The back office labels the records'
 * fields with these words (`resources.<resource>.fields`, admin/src/i18n/exportedFields.ts);
 * its status names (`conveyor.lead_status`) are its own, and a test keeps them in step.
 */
export interface ExportLabels {
  /** Headers shared by every exported resource. */
  common: Readonly<Record<string, string>>;
  /** Headers of one resource, over the common ones. */
  resources: Readonly<Record<ExportingResource, Readonly<Record<string, string>>>>;
  /** Values by column: `status` → `new` → 'New'. */
  values: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** How a true or false cell reads. */
  yes: string;
  no: string;
}

export const EXPORT_LABELS: Readonly<Record<Language, ExportLabels>> = {
  uz: {
    common: {
      id: 'ID',
      name: 'Ism',
      email: 'E-mail',
      phone: 'Telefon',
      status: 'Holat',
      is_active: 'Holat',
      assignee_id: 'Masʼul',
      utm_source: 'UTM source',
      utm_medium: 'UTM medium',
      utm_campaign: 'UTM campaign',
      utm_term: 'UTM term',
      utm_content: 'UTM content',
      parameters: 'Parametrlar',
      duty: 'Konveyer hisobi',
      items: 'Soʻralgan mahsulotlar',
      created_at: 'Yuborilgan',
      updated_at: 'Yangilangan',
    },
    resources: {
      leads: {
        message: 'Xabar',
        product_id: 'Mahsulot',
        document_id: 'Soʻralgan hujjat',
        page: 'Sahifa',
        language: 'Sayt tili',
        referrer: 'Oldingi sayt',
      },
      suppliers: {
        company_name: 'Kompaniya nomi',
        partner_count: 'Hamkorlar soni',
        inn: 'INN',
        contact_person: 'Aloqa uchun shaxs',
        company_description: 'Kompaniya haqida',
        offer: 'Taklif',
        language: 'Sayt tili',
      },
    },
    values: {
      status: {
        new: 'Yangi',
        in_progress: 'Jarayonda',
        done: 'Bajarildi',
        won: 'Bitim tuzildi',
        lost: 'Boy berildi',
        spam: 'Spam',
      },
      is_active: { true: 'Faol', false: 'Nofaol' },
    },
    yes: 'Ha',
    no: 'Yoʻq',
  },
  ru: {
    common: {
      id: 'ID',
      name: 'Имя',
      email: 'E-mail',
      phone: 'Телефон',
      status: 'Статус',
      is_active: 'Статус',
      assignee_id: 'Ответственный',
      utm_source: 'UTM source',
      utm_medium: 'UTM medium',
      utm_campaign: 'UTM campaign',
      utm_term: 'UTM term',
      utm_content: 'UTM content',
      parameters: 'Параметры',
      duty: 'Расчёт конвейера',
      items: 'Запрошенная продукция',
      created_at: 'Получено',
      updated_at: 'Изменено',
    },
    resources: {
      leads: {
        message: 'Сообщение',
        product_id: 'Товар',
        document_id: 'Запрошенный документ',
        page: 'Страница',
        language: 'Язык сайта',
        referrer: 'Источник перехода',
      },
      suppliers: {
        company_name: 'Название компании',
        partner_count: 'Количество сотрудников',
        inn: 'ИНН',
        contact_person: 'Контактное лицо',
        company_description: 'О компании',
        offer: 'Предложение',
        language: 'Язык сайта',
      },
    },
    values: {
      status: {
        new: 'Новая',
        in_progress: 'В работе',
        done: 'Готово',
        won: 'Сделка заключена',
        lost: 'Отказ',
        spam: 'Спам',
      },
      is_active: { true: 'Активен', false: 'Неактивен' },
    },
    yes: 'Да',
    no: 'Нет',
  },
  en: {
    common: {
      id: 'ID',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      status: 'Status',
      is_active: 'Status',
      assignee_id: 'Assignee',
      utm_source: 'UTM source',
      utm_medium: 'UTM medium',
      utm_campaign: 'UTM campaign',
      utm_term: 'UTM term',
      utm_content: 'UTM content',
      parameters: 'Parameters',
      duty: 'Conveyor duty',
      items: 'Products asked for',
      created_at: 'Received',
      updated_at: 'Updated',
    },
    resources: {
      leads: {
        message: 'Message',
        product_id: 'Product',
        document_id: 'Requested document',
        page: 'Page',
        language: 'Site language',
        referrer: 'Referrer',
      },
      suppliers: {
        company_name: 'Company name',
        partner_count: 'Number of employees',
        inn: 'Tax id (INN)',
        contact_person: 'Contact person',
        company_description: 'About the company',
        offer: 'Offer',
        language: 'Site language',
      },
    },
    values: {
      status: {
        new: 'New',
        in_progress: 'In progress',
        done: 'Done',
        won: 'Won',
        lost: 'Lost',
        spam: 'Spam',
      },
      is_active: { true: 'Active', false: 'Inactive' },
    },
    yes: 'Yes',
    no: 'No',
  },
};

/** A label of a map, never an inherited property (`constructor`). */
function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A column's header in a language: its label, else the column's own name. */
export function exportHeader(
  resource: ExportingResource,
  column: string,
  language: Language,
): string {
  const { resources, common } = EXPORT_LABELS[language];
  return own(resources[resource], column) ?? own(common, column) ?? column;
}

/**
 * A value as an exported cell shows it: a labelled value (a status) in the language, a boolean
 * as yes or no, anything else as stored.
 */
export function exportValue(column: string, value: unknown, language: Language): unknown {
  const labels = EXPORT_LABELS[language];
  const values = own(labels.values, column);
  const label = values && own(values, String(value));
  if (label !== undefined) return label;
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  return value;
}
