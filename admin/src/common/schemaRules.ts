import { maxLength, maxValue, minLength, minValue, type Validator } from 'react-admin';
import { matches } from './validators.ts';

// A form input's limits read from the shared schema the API validates with (shared/src/schemas),
// so a limit is written once and the form refuses what the API would.

interface TextSchema {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

interface NumberSchema {
  readonly minimum?: number;
  readonly maximum?: number;
}

/**
 * A text's length limits; its `pattern` too when the message to show for it is given (a
 * pattern without a message of its own, a category's optional link, is left to the API).
 */
export function textRules(schema: TextSchema, patternMessage?: string): Validator[] {
  return [
    ...(schema.minLength === undefined ? [] : [minLength(schema.minLength)]),
    ...(schema.maxLength === undefined ? [] : [maxLength(schema.maxLength)]),
    ...(schema.pattern === undefined || patternMessage === undefined
      ? []
      : [matches(schema.pattern, patternMessage)]),
  ];
}

/** A number's bounds. */
export function numberRules(schema: NumberSchema): Validator[] {
  return [
    ...(schema.minimum === undefined ? [] : [minValue(schema.minimum)]),
    ...(schema.maximum === undefined ? [] : [maxValue(schema.maximum)]),
  ];
}
