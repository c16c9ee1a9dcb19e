import {
  formatNumber,
  type Language,
  pickLocalized,
  type SpecValue,
  type TemplateEntry,
  YES_NO,
} from '@conveyor/shared';
import type { AttributeView } from './specs.ts';

// A quote request's parameters: the attributes marked `quote` of a product's category template
// and of its own values, which the product page's form asks, prefilled with the product's values
// and editable by the buyer. The lead keeps them structured (`parameters` of POST /api/leads).

/** A parameter as the build plans it, in no language: the attribute and the product's value. */
export interface QuoteSource {
  attribute: AttributeView;
  spec?: SpecValue | undefined;
}

/** A parameter as the form shows it, in the page's language. */
export interface QuoteParameter {
  attribute_id: number;
  code: string;
  type: AttributeView['type'];
  label: string;
  unit: string;
  /** The product's value, as the inputs start: figures as typed (`2.5`), an option's code. */
  value: string;
  min: string;
  max: string;
  options?: { code: string; label: string }[];
}

/** The attributes a product's quote asks: its template's, then its own extras, marked `quote`. */
export function quoteSources(
  template: readonly TemplateEntry[],
  specs: readonly SpecValue[],
  attributes: ReadonlyMap<number, AttributeView>,
): QuoteSource[] {
  const ids = [
    ...template.map((entry) => entry.attribute_id),
    ...specs.map((spec) => spec.attribute_id),
  ];
  return [...new Set(ids)].flatMap((id) => {
    const attribute = attributes.get(id);
    if (!attribute?.quote) return [];
    return [{ attribute, spec: specs.find((spec) => spec.attribute_id === id) }];
  });
}

/** The form's parameters in the page's language. */
export function quoteParameters(sources: readonly QuoteSource[], lang: Language): QuoteParameter[] {
  return sources.map(({ attribute, spec }) => {
    // as the page's language writes figures (1 200,5 in Russian): what the buyer reads and edits
    const figure = (value: number | null | undefined) =>
      typeof value === 'number' ? formatNumber(value, attribute.decimals ?? 0, lang) : '';
    const parameter: QuoteParameter = {
      attribute_id: attribute.id,
      code: attribute.code,
      type: attribute.type,
      label: pickLocalized(attribute, 'name', lang) || attribute.code,
      unit: pickLocalized(attribute, 'unit', lang),
      value: '',
      min: figure(spec?.min),
      max: figure(spec?.max),
    };
    if (attribute.type === 'number') parameter.value = figure(spec?.value as number | undefined);
    if (attribute.type === 'enum') {
      parameter.value = spec?.option ?? '';
      parameter.options = (attribute.options ?? []).map((option) => ({
        code: option.code,
        label: pickLocalized(option, 'name', lang) || option.code,
      }));
    }
    if (attribute.type === 'boolean') {
      parameter.value = typeof spec?.value === 'boolean' ? (spec.value ? '1' : '0') : '';
      parameter.options = [
        { code: '1', label: YES_NO[lang][0] },
        { code: '0', label: YES_NO[lang][1] },
      ];
    }
    if (attribute.type === 'text') parameter.value = spec ? pickLocalized(spec, 'text', lang) : '';
    return parameter;
  });
}

/**
 * A figure typed by a buyer, or null when it is not one; '' is undefined. Spaces group
 * thousands; a comma is the decimal sign in Russian and Uzbek (`2,5`) and groups thousands in
 * English (`1,200.5`).
 */
export function typedFigure(text: string, lang: Language): number | null | undefined {
  const spaced = text.replace(/[\s\u00a0\u202f]/g, '');
  const cleaned = lang === 'en' ? spaced.replaceAll(',', '') : spaced.replace(',', '.');
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** The name of a parameter's input in the form (`param-12`, `param-12-min`). */
export const parameterField = (id: number, end?: 'min' | 'max') =>
  end ? `param-${id}-${end}` : `param-${id}`;

/**
 * The parameters of a submitted form, as `POST /api/leads` takes them, and the fields holding a
 * figure that is not one. Empty ones are left out.
 */
export function formParameters(
  parameters: readonly QuoteParameter[],
  values: Readonly<Record<string, string>>,
  lang: Language,
): { parameters: SpecValue[]; invalid: string[] } {
  const out: SpecValue[] = [];
  const invalid: string[] = [];
  for (const parameter of parameters) {
    const id = parameter.attribute_id;
    const read = (end?: 'min' | 'max') => {
      const name = parameterField(id, end);
      const value = typedFigure(values[name] ?? '', lang);
      if (value === null) invalid.push(name);
      return value ?? undefined;
    };
    const raw = (values[parameterField(id)] ?? '').trim();
    switch (parameter.type) {
      case 'number': {
        const value = read();
        if (value !== undefined) out.push({ attribute_id: id, value });
        break;
      }
      case 'range': {
        const min = read('min');
        const max = read('max');
        if (min !== undefined || max !== undefined) {
          out.push({
            attribute_id: id,
            ...(min !== undefined && { min }),
            ...(max !== undefined && { max }),
          });
        }
        break;
      }
      case 'enum':
        if (raw) out.push({ attribute_id: id, option: raw });
        break;
      case 'boolean':
        if (raw) out.push({ attribute_id: id, value: raw === '1' });
        break;
      case 'text':
        if (raw) out.push({ attribute_id: id, [`text_${lang}`]: raw });
        break;
    }
  }
  return { parameters: out, invalid };
}
