import type { Language, SpecValue } from '@conveyor/shared';
import {
  findNonFinite,
  findNul,
  NON_FINITE_REFUSED,
  NUL_REFUSED,
  normaliseBodyText,
} from '../lib/bodyText.ts';
import { describeValidation, type ValidationIssue } from '../lib/validation.ts';
import type { Body } from './definition.ts';
import type { SheetColumn } from './productSheet.ts';

// A sheet's row checked as the JSON API checks a body (content/sheetPlan.ts reads the rows
// into bodies): the text-input and hostile-input hooks' steps (lib/bodyText.ts), then the
// route's own body schema, each problem said as the API says it and placed in its column.

/** A body schema's validator, as the route compiles it (`request.compileValidationSchema`). */
export interface BodyValidator {
  (body: unknown): boolean;
  errors?: readonly ValidationIssue[] | null;
}

/** The validators of the products' create and update bodies. */
export interface SheetBodyChecks {
  create: BodyValidator;
  update: BodyValidator;
}

/** A problem's text without the field it names: the problem's column says that. */
export const withoutField = (message: string, field: string) =>
  message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;

/** A value of the file's, and the column it came from (a text's: the first language's). */
export interface SheetSpec {
  value: SpecValue;
  column: SheetColumn;
}

/**
 * Checks a row's body as the JSON API's hooks and schema would, and answers its problems by
 * column. Each problem found is taken out and the rest checked again, so that a row answers all
 * of its problems, not only the first the schema stops at.
 */
export function bodyProblems(
  fields: Body,
  specs: SheetSpec[] | undefined,
  validate: BodyValidator,
  fallback: BodyValidator,
): { field: string; column: string; message: string }[] {
  const found: { field: string; column: string; message: string }[] = [];
  const specColumn = (spec: SheetSpec, field: string) => {
    const language = /^text_(\w+)$/.exec(field)?.[1] as Language | undefined;
    const attribute = spec.column.attribute!;
    return language && attribute.type === 'text'
      ? `${attribute.code}:${language}`
      : spec.column.header;
  };
  // the hooks: line breaks, then NUL characters and infinite numbers
  normaliseBodyText(fields);
  for (const spec of specs ?? []) normaliseBodyText(spec.value);
  for (const [key, value] of Object.entries(fields)) {
    const refused = findNul(value, key)
      ? NUL_REFUSED
      : findNonFinite(value, key)
        ? NON_FINITE_REFUSED
        : null;
    if (refused) {
      found.push({ field: key, column: key, message: refused });
      delete fields[key];
    }
  }
  const kept = (specs ?? []).filter((spec) => {
    const nul = findNul(spec.value, 'spec');
    const path = nul ?? findNonFinite(spec.value, 'spec');
    if (!path) return true;
    const field = path.split('.').pop() ?? '';
    const message = nul ? NUL_REFUSED : NON_FINITE_REFUSED;
    found.push({ field: `specs.${field}`, column: specColumn(spec, field), message });
    return false;
  });
  // the schema, again after each problem it finds
  let check = validate;
  for (let round = 0; round <= Object.keys(fields).length + kept.length + 1; round++) {
    const body: Body = specs ? { ...fields, specs: kept.map((spec) => spec.value) } : { ...fields };
    if (check(body)) {
      // what validation made of the values (coercion), as the JSON API stores them
      for (const key of Object.keys(fields)) fields[key] = body[key];
      break;
    }
    const issues = check.errors ?? [];
    const { message, field } = describeValidation(issues, 'body');
    const [top, index, own] = field.split('.');
    const spec = top === 'specs' && index !== undefined ? kept[Number(index)] : undefined;
    const required = issues[0]?.keyword === 'required';
    // a field taken out for its own problem is not missing on top of it
    if (!(required && found.some((one) => one.field === field))) {
      found.push({
        field,
        column: spec ? specColumn(spec, own ?? '') : (top ?? field),
        message: withoutField(message, field),
      });
    }
    if (required) check = fallback;
    else if (spec) kept.splice(kept.indexOf(spec), 1);
    else if (top && top in fields) delete fields[top];
    else break;
  }
  if (specs) specs.splice(0, specs.length, ...kept);
  return found;
}
