import { httpUrlSchema, LANGUAGES, userNameSchema } from '@conveyor/shared';

// The admin's own validation rules, as pure functions: react-admin calls them with the field's
// value (and all values) and shows the returned message key; undefined means valid. The
// patterns are the API's (shared schemas), so the form refuses what the API would.

/** A value must match a shared schema's `pattern`, else `message`; empty is left to `required`. */
export function matches(pattern: string, message: string) {
  const expression = new RegExp(pattern);
  return (value: unknown) => (!value || expression.test(String(value)) ? undefined : message);
}

/** A link must be an http(s) address (the API checks the same); empty is left to `required`. */
export const httpUrl = matches(httpUrlSchema.pattern, 'conveyor.errors.url');

/** 3–50 Latin letters, digits, '.', '_' or '-'; empty is left to `required`. */
export const userName = matches(userNameSchema.pattern, 'conveyor.errors.user_name');

/** Fails on every language of a field when all are empty (the API wants at least one). */
export const atLeastOneLanguage =
  (prefix: string) => (_value: unknown, all: Record<string, unknown>) =>
    LANGUAGES.some((lang) => String(all?.[`${prefix}_${lang}`] ?? '').trim() !== '')
      ? undefined
      : 'conveyor.errors.one_language';

/** The current password is asked for only when a new one is typed (changing one's own). */
export const currentPasswordIfNew = (value: unknown, all: Record<string, unknown>) =>
  all?.password && !value ? 'ra.validation.required' : undefined;
