import {
  type Language,
  LANGUAGES,
  unitByCode,
  type UnitDefinition,
  unitMatches,
  UNITS,
} from '@conveyor/shared';

/** A unit as the attribute form's picker offers it: its code, and how it reads in a language. */
export interface UnitChoice {
  id: string;
  name: string;
}

/** How a unit reads in the picker: the label a page shows, its name, and the stored code. */
export const unitText = (unit: UnitDefinition, language: Language) =>
  `${unit.label[language]} — ${unit.name[language]} · ${unit.code}`;

/**
 * The picker's choices in the staff's language, in the list's order. An attribute whose code
 * is not listed (a valid code stored through the API) keeps it: offered as its code alone, so
 * that the form shows it and saving changes nothing.
 */
export function unitChoices(language: Language, current?: string | null): UnitChoice[] {
  const listed = UNITS.map((unit) => ({ id: unit.code, name: unitText(unit, language) }));
  return current && !unitByCode(current) ? [...listed, { id: current, name: current }] : listed;
}

/**
 * Whether a choice is what was typed (react-admin's matchSuggestion): the shared search (a
 * label or a name in any language, or the code), or the choice's own text, which the input
 * shows once the choice is picked. `exact`: the text is the choice's, to the letter.
 */
export function matchUnit(typed: string, choice: UnitChoice, exact = false): boolean {
  if (exact || typed === choice.name) return typed === choice.name;
  const unit = unitByCode(choice.id);
  return unit ? unitMatches(unit, typed) : choice.id.toLowerCase().includes(typed.toLowerCase());
}

type Labels = Partial<Record<`unit_${Language}`, string | null>>;

/**
 * The labels to fill in when another unit is picked: each language's label that is empty, or
 * still the one the previous unit gave it, becomes the new unit's. A label staff wrote
 * themselves stays.
 */
export function labelsAfterPick(
  labels: Labels,
  previous: string | null | undefined,
  next: string | null | undefined,
): Labels {
  const from = unitByCode(previous);
  const to = unitByCode(next);
  if (!to) return {};
  const filled: Labels = {};
  for (const language of LANGUAGES) {
    const key = `unit_${language}` as const;
    const label = labels[key]?.trim() ?? '';
    if (label === '' || label === from?.label[language]) filled[key] = to.label[language];
  }
  return filled;
}
