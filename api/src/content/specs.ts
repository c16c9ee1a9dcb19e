import {
  type AttributeDefinition,
  type AttributeType,
  isSpecEmpty,
  type SpecProblem,
  specProblem,
  type SpecValue,
  type TemplateEntry,
} from '@conveyor/shared';
import {
  attributeDefinitions,
  productSpecs,
  setProductSpecs,
  setTemplate,
  templates,
} from '../db/repositories/specs.ts';
import type { Executor } from '../db/repositories/table.ts';
import { BadRequest } from '../lib/httpErrors.ts';
import type { Part } from './parts.ts';

// The specifications as parts of their records (content/parts.ts): a category's template
// (`attributes`) and a product's values (`specs`), checked against the attributes they name.

const WHAT_TYPE_TAKES: Record<AttributeType, string> = {
  number: 'a number in `value`',
  range: 'numbers in `min` and `max`',
  enum: 'one of its option codes in `option`',
  boolean: 'true or false in `value`',
  text: 'text in `text_uz`, `text_ru`, `text_en`',
};

function problemText(attribute: AttributeDefinition, spec: SpecValue, problem: SpecProblem) {
  switch (problem) {
    case 'type':
      return `takes ${WHAT_TYPE_TAKES[attribute.type]}`;
    case 'order':
      return `its minimum ${String(spec.min)} is above its maximum ${String(spec.max)}`;
    case 'option':
      return `has no option "${String(spec.option)}"`;
    case 'decimals':
      return `takes at most ${attribute.decimals} digits after the decimal point`;
  }
}

const invalid = (field: string, message: string) =>
  new BadRequest(`${field}: ${message}`, { field });

/** Refuses an attribute named twice in a list (a template's, a product's values). */
function once(field: string, ids: readonly number[], named: (id: number) => string): void {
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw invalid(field, `${named(twice)} is given twice`);
}

/**
 * A product's values as stored: each checked against its attribute (a 400 naming it when the
 * value does not fit, or when there is no such attribute), empty ones dropped, by attribute id.
 * `lenient` drops what does not fit instead (a restore: an attribute may have changed since).
 */
export async function checkSpecs(
  db: Executor,
  specs: readonly SpecValue[],
  lenient = false,
  field = 'specs',
): Promise<SpecValue[]> {
  const found = await attributeDefinitions(
    db,
    specs.map((spec) => spec.attribute_id),
  );
  return checkSpecsAgainst(found, specs, lenient, field);
}

/**
 * `checkSpecs` against attributes already read (`found`, by id): what a caller checking many
 * products at once (a sheet's import) runs per product, with one read of the attributes.
 */
export function checkSpecsAgainst(
  found: ReadonlyMap<number, AttributeDefinition>,
  specs: readonly SpecValue[],
  lenient = false,
  field = 'specs',
): SpecValue[] {
  const named = (id: number) => found.get(id)?.code ?? `the attribute ${id}`;
  if (!lenient) {
    once(
      field,
      specs.map((spec) => spec.attribute_id),
      named,
    );
  }
  const kept: SpecValue[] = [];
  for (const spec of specs) {
    const attribute = found.get(spec.attribute_id);
    if (!attribute) {
      if (lenient) continue;
      throw invalid(field, `there is no attribute with id ${spec.attribute_id}`);
    }
    const problem = specProblem(attribute, spec);
    if (problem) {
      if (lenient) continue;
      throw invalid(field, `${attribute.code} ${problemText(attribute, spec, problem)}`);
    }
    if (isSpecEmpty(attribute.type, spec)) continue;
    if (kept.some((other) => other.attribute_id === spec.attribute_id)) continue;
    kept.push(ownFields(attribute.type, spec));
  }
  return kept.sort((a, b) => a.attribute_id - b.attribute_id);
}

/** A value with only the fields its type uses, filled in (as it is read back). */
function ownFields(type: AttributeType, spec: SpecValue): SpecValue {
  const own: SpecValue = { attribute_id: spec.attribute_id };
  const keys =
    type === 'range'
      ? (['min', 'max'] as const)
      : type === 'enum'
        ? (['option'] as const)
        : type === 'text'
          ? (['text_uz', 'text_ru', 'text_en'] as const)
          : (['value'] as const);
  for (const key of keys) {
    const value = spec[key];
    if (value !== undefined && value !== null && value !== '') Object.assign(own, { [key]: value });
  }
  return own;
}

/** A category's template as stored: attributes that exist, each once, in the order sent. */
export async function checkTemplate(
  db: Executor,
  entries: readonly TemplateEntry[],
  lenient = false,
): Promise<TemplateEntry[]> {
  const field = 'attributes';
  const found = await attributeDefinitions(
    db,
    entries.map((entry) => entry.attribute_id),
  );
  const named = (id: number) => found.get(id)?.code ?? `the attribute ${id}`;
  if (!lenient) {
    once(
      field,
      entries.map((entry) => entry.attribute_id),
      named,
    );
  }
  const kept: TemplateEntry[] = [];
  for (const entry of entries) {
    if (!found.has(entry.attribute_id)) {
      if (lenient) continue;
      throw invalid(field, `there is no attribute with id ${entry.attribute_id}`);
    }
    if (kept.some((other) => other.attribute_id === entry.attribute_id)) continue;
    kept.push({ attribute_id: entry.attribute_id, required: entry.required ?? false });
  }
  return kept;
}

/** A product's `specs`. */
export const specsPart: Part = {
  field: 'specs',
  check: (db, value) => checkSpecs(db, value as SpecValue[]),
  async read(db, id) {
    return (await productSpecs(db, id)).get(id) ?? [];
  },
  async write(db, id, value, lenient) {
    const specs = lenient ? await checkSpecs(db, value as SpecValue[], true) : value;
    await setProductSpecs(db, id, specs as SpecValue[]);
  },
};

/** A category's template, `attributes`. */
export const templatePart: Part = {
  field: 'attributes',
  check: (db, value) => checkTemplate(db, value as TemplateEntry[]),
  async read(db, id) {
    return (await templates(db, id)).get(id) ?? [];
  },
  async write(db, id, value, lenient) {
    const entries = lenient ? await checkTemplate(db, value as TemplateEntry[], true) : value;
    await setTemplate(db, id, entries as TemplateEntry[]);
  },
};
