import { ATTRIBUTE_TYPES, FIGURE_TYPES } from '@conveyor/shared';
import type { RaRecord } from 'react-admin';

/** The attribute types as a select offers them, named in staff's language. */
export const TYPE_CHOICES = ATTRIBUTE_TYPES.map((type) => ({
  id: type,
  name: `resources.attributes.types.${type}`,
}));

/**
 * What a save sends: the form hides the fields the chosen type does not have, but keeps their
 * values, so a choice turned into a number would still send its options (which the API refuses
 * for a number). They are emptied here.
 */
export function onlyTheTypesFields(data: RaRecord): RaRecord {
  return {
    ...data,
    ...(data.type === 'enum' ? {} : { options: [] }),
    ...(FIGURE_TYPES.includes(data.type) ? {} : { unit: null }),
  };
}
