import {
  categoryFields,
  passwordSchema,
  phoneSchema,
  settingsFields,
  supplierFields,
} from '@conveyor/shared';
import type { Validator } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { numberRules, textRules } from '../src/common/schemaRules.ts';

// A form's limits read from the shared schemas the API validates with: the first failing rule's
// message, or undefined when every rule passes.

const check = (rules: Validator[], value: unknown) => {
  for (const rule of rules) {
    const error = rule(value, {}, {});
    if (error) return error;
  }
  return undefined;
};

describe('textRules', () => {
  it("applies the schema's length limits", () => {
    const rules = textRules(supplierFields.company_name);
    expect(check(rules, 'A'.repeat(200))).toBeUndefined();
    expect(check(rules, 'A'.repeat(201))).toEqual({
      message: 'ra.validation.maxLength',
      args: { max: 200 },
    });
    expect(check(textRules(passwordSchema), 'short')).toEqual({
      message: 'ra.validation.minLength',
      args: { min: 8 },
    });
  });

  it('checks the pattern with the message given for it, leaving empty to `required`', () => {
    const rules = textRules(phoneSchema, 'conveyor.errors.phone');
    expect(check(rules, '+998 71 000 00 00')).toBeUndefined();
    expect(check(rules, '71 200-00-00')).toBeUndefined();
    expect(check(rules, 'call me')).toBe('conveyor.errors.phone');
    expect(check(rules, '')).toBeUndefined();
    expect(check(textRules(supplierFields.inn, 'conveyor.errors.inn'), '12AB')).toBe(
      'conveyor.errors.inn',
    );
    expect(check(textRules(settingsFields.telegram_url, 'conveyor.errors.url'), 'ftp://x')).toBe(
      'conveyor.errors.url',
    );
  });

  it('leaves a pattern without a message to the API', () => {
    // a category's link may be an address on the site; only its length is checked here
    expect(check(textRules(categoryFields.link), 'javascript:alert(1)')).toBeUndefined();
    expect(check(textRules(categoryFields.link), `/${'a'.repeat(500)}`)).toEqual({
      message: 'ra.validation.maxLength',
      args: { max: 500 },
    });
  });
});

describe('numberRules', () => {
  it("applies the schema's bounds", () => {
    const rules = numberRules(supplierFields.partner_count);
    expect(check(rules, 0)).toBeUndefined();
    expect(check(rules, -1)).toEqual({ message: 'ra.validation.minValue', args: { min: 0 } });
    expect(check(rules, 1_000_001)).toEqual({
      message: 'ra.validation.maxValue',
      args: { max: 1_000_000 },
    });
  });
});
