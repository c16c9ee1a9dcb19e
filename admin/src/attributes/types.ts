import { ATTRIBUTE_TYPES } from '@conveyor/shared';

/** The attribute types as a select offers them, named in staff's language. */
export const TYPE_CHOICES = ATTRIBUTE_TYPES.map((type) => ({
  id: type,
  name: `resources.attributes.types.${type}`,
}));
