import type { Language, NotifyingResource } from '@conveyor/shared';
import { phoneE164 } from '../lib/phone.ts';

/** What a notification is about: a contact-form lead or a supplier application. */
export type Subject = NotifyingResource;

/** The facts a notification carries; visitors' text is escaped by each channel's renderer. */
export interface NotificationFacts {
  subject: Subject;
  id: number;
  createdAt: string;
  /** Label → value lines, in order; empty values are left out. */
  fields: { label: FieldLabel; value: string; kind?: 'phone' | 'email' | 'url' }[];
  /** The record in the back office. */
  adminUrl: string;
}

/** A notification's words in each staff language. */
export const NOTIFICATION_LABELS = {
  uz: {
    leads: 'Yangi murojaat',
    suppliers: 'Yangi hamkorlik taklifi',
    name: 'Ism',
    phone: 'Telefon',
    email: 'E-pochta',
    message: 'Xabar',
    product: 'Mahsulot',
    document: 'Soʻralgan hujjat',
    parameters: 'Parametrlar',
    duty: 'Konveyer hisobi',
    items: 'Soʻralgan mahsulotlar',
    page: 'Sahifa',
    language: 'Sayt tili',
    time: 'Vaqt',
    company_name: 'Kompaniya',
    contact_person: 'Masʼul shaxs',
    inn: 'INN',
    partner_count: 'Hamkorlar soni',
    offer: 'Taklif',
    open: 'Boshqaruv panelida ochish',
  },
  ru: {
    leads: 'Новая заявка',
    suppliers: 'Новое предложение поставщика',
    name: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    message: 'Сообщение',
    product: 'Товар',
    document: 'Запрошенный документ',
    parameters: 'Параметры',
    duty: 'Расчёт конвейера',
    items: 'Запрошенная продукция',
    page: 'Страница',
    language: 'Язык сайта',
    time: 'Время',
    company_name: 'Компания',
    contact_person: 'Контактное лицо',
    inn: 'ИНН',
    partner_count: 'Число партнёров',
    offer: 'Предложение',
    open: 'Открыть в панели управления',
  },
  en: {
    leads: 'New lead',
    suppliers: 'New supplier application',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    message: 'Message',
    product: 'Product',
    document: 'Requested document',
    parameters: 'Parameters',
    duty: 'Conveyor duty',
    items: 'Products asked for',
    page: 'Page',
    language: 'Site language',
    time: 'Time',
    company_name: 'Company',
    contact_person: 'Contact person',
    inn: 'TIN',
    partner_count: 'Partners',
    offer: 'Offer',
    open: 'Open in the back office',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type FieldLabel = Exclude<
  keyof (typeof NOTIFICATION_LABELS)['en'],
  Subject | 'open' | 'time'
>;

const LOCALES: Record<Language, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };

/** Telegram refuses a message over 4,096 characters; a long text is cut well before that. */
const MAX_VALUE_LENGTH = 1_500;

/** A phone number in E.164 (`+998901234567`) when it parses, as typed otherwise. */
export function toE164(phone: string): string {
  return phoneE164(phone) ?? phone.trim();
}

export function formatTime(iso: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

function cut(value: string): string {
  const text = value.trim();
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** The message's lines as label and value, in the staff's language. */
export function messageLines(
  facts: NotificationFacts,
  options: { language: Language; timeZone: string },
): {
  title: string;
  lines: { label: string; value: string; kind?: 'phone' | 'email' | 'url' }[];
  open: string;
} {
  const labels = NOTIFICATION_LABELS[options.language];
  const lines: { label: string; value: string; kind?: 'phone' | 'email' | 'url' }[] = facts.fields
    .filter((field) => field.value.trim() !== '')
    .map((field) => ({
      label: labels[field.label],
      value: field.kind === 'phone' ? toE164(field.value) : cut(field.value),
      kind: field.kind,
    }));
  lines.push({
    label: labels.time,
    value: formatTime(facts.createdAt, options.language, options.timeZone),
    kind: undefined,
  });
  return { title: `${labels[facts.subject]} #${facts.id}`, lines, open: labels.open };
}

/** Escapes text for Telegram's HTML parse mode and for HTML e-mail alike. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * Telegram (HTML parse mode). Phone numbers stay text: Telegram makes an E.164 number
 * tappable by itself and refuses `tel:` links. Only our own back-office link is a link.
 */
export function renderTelegram(
  facts: NotificationFacts,
  options: { language: Language; timeZone: string },
): string {
  const { title, lines, open } = messageLines(facts, options);
  return [
    `<b>${escapeHtml(title)}</b>`,
    '',
    ...lines.map((line) => `<b>${escapeHtml(line.label)}:</b> ${escapeHtml(line.value)}`),
    '',
    `<a href="${escapeHtml(facts.adminUrl)}">${escapeHtml(open)}</a>`,
  ].join('\n');
}

/** E-mail: a subject, a plain-text part and an HTML part with tap-to-call and mailto links. */
export function renderEmail(
  facts: NotificationFacts,
  options: { language: Language; timeZone: string },
): { subject: string; text: string; html: string } {
  const { title, lines, open } = messageLines(facts, options);
  const name = facts.fields.find((f) => f.label === 'name' || f.label === 'company_name');
  const subject = name?.value.trim() ? `${title}: ${cut(name.value).slice(0, 100)}` : title;
  const text = [
    title,
    '',
    ...lines.map((line) => `${line.label}: ${line.value}`),
    '',
    `${open}: ${facts.adminUrl}`,
  ].join('\n');
  const cell = (line: (typeof lines)[number]) => {
    const value = escapeHtml(line.value);
    if (line.kind === 'phone' && /^\+\d+$/.test(line.value)) {
      return `<a href="tel:${value}">${value}</a>`;
    }
    if (line.kind === 'email' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(line.value)) {
      return `<a href="mailto:${value}">${value}</a>`;
    }
    return value.replaceAll('\n', '<br>');
  };
  const html = [
    `<h2>${escapeHtml(title)}</h2>`,
    '<table>',
    ...lines.map(
      (line) =>
        `<tr><th align="left" valign="top">${escapeHtml(line.label)}</th><td>${cell(line)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(facts.adminUrl)}">${escapeHtml(open)}</a></p>`,
  ].join('\n');
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}
