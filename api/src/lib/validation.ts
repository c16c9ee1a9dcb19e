// How a schema's refusal is said: one sentence naming the field. The error handler answers a
// request's body so (plugins/errors.ts); a sheet's import says each row's problems so
// (content/sheetRowChecks.ts).

/** One of Ajv's validation errors, as much of it as is read here. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const FIELD_HINTS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  phone: 'must be a phone number (digits, spaces, +, -, brackets)',
  phone_primary: 'must be a phone number (digits, spaces, +, -, brackets)',
  phone_secondary: 'must be a phone number (digits, spaces, +, -, brackets)',
  inn: 'must be 9 to 14 digits',
  user_name: 'must be 3 to 50 letters, digits, dots, dashes or underscores',
  link: 'must be an http(s) link',
};

/**
 * One validation error as a sentence that names the field (`email: must be a valid e-mail
 * address`), and that field.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  part = 'body',
): { message: string; field: string } {
  const issue = issues[0];
  if (!issue) return { message: 'Invalid request', field: part };
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field =
    issue.keyword === 'required'
      ? [path, String(issue.params.missingProperty)].filter(Boolean).join('.')
      : path || part;
  const last = field.split('.').pop() ?? field;
  const p = issue.params;
  let text: string;
  switch (issue.keyword) {
    case 'required':
      text = 'is required';
      break;
    case 'maxLength':
      text = `must be at most ${String(p.limit)} characters`;
      break;
    case 'minLength':
      text = p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
      break;
    case 'pattern':
    case 'format':
      text =
        FIELD_HINTS[last] ??
        (last.endsWith('_url') ? 'must be an http(s) link' : 'has an invalid format');
      break;
    case 'type':
      text = `must be ${String(p.type).replace(',', ' or ')}`;
      break;
    case 'enum':
      text = `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
      break;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      text = `must be ${String(p.comparison)} ${String(p.limit)}`;
      break;
    case 'maxItems':
      text = `must have at most ${String(p.limit)} items`;
      break;
    default:
      text = issue.message ?? 'is invalid';
  }
  return { message: `${field}: ${text}`, field };
}
