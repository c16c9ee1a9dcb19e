import {
  attributeBodies,
  attributeSchema,
  type AttributeOption,
  FIGURE_TYPES,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { attributes } from '../../db/repositories/tables.ts';
import { BadRequest } from '../../lib/httpErrors.ts';
import { registerCrud } from '../crud/index.ts';

/**
 * The specifications' dictionary (shared/src/specs.ts). Besides what the schema checks, an
 * attribute's fields must suit its type: an `enum` offers options, with codes of their own, and
 * only figures have a unit.
 */
export default async function attributeRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'attributes',
    repo: attributes,
    record: attributeSchema,
    bodies: attributeBodies,
    hooks: {
      prepare(_ctx, body, existing) {
        const type = body.type ?? existing?.type;
        const options: readonly AttributeOption[] = body.options ?? existing?.options ?? [];
        if (type === 'enum' && !options.length) {
          throw new BadRequest('options: a choice attribute needs at least one option', {
            field: 'options',
          });
        }
        if (type !== 'enum' && options.length) {
          throw new BadRequest('options: only a choice attribute has options', {
            field: 'options',
          });
        }
        const codes = options.map((option) => option.code);
        const twice = codes.find((code, index) => codes.indexOf(code) !== index);
        if (twice) {
          throw new BadRequest(`options: the code ${twice} is given twice`, { field: 'options' });
        }
        const unit = body.unit === undefined ? existing?.unit : body.unit;
        if (unit && !FIGURE_TYPES.includes(type ?? '')) {
          throw new BadRequest('unit: only a number or a range has a unit', { field: 'unit' });
        }
        return body;
      },
    },
  });
}
