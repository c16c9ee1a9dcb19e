import {
  attributeBodies,
  attributeSchema,
  type AttributeOption,
  FIGURE_TYPES,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { attributeUse, optionsHeld } from '../../db/repositories/specs.ts';
import type { Executor } from '../../db/repositories/table.ts';
import { attributes } from '../../db/repositories/tables.ts';
import { BadRequest, Conflict } from '../../lib/httpErrors.ts';
import { registerCrud } from '../crud/index.ts';

/** Where an attribute is used, as a sentence ('' when nowhere). */
async function whereUsed(db: Executor, id: number): Promise<string> {
  const use = await attributeUse(db, id);
  const places = [
    use.products ? `${use.products} product(s) have values of it` : '',
    use.categories ? `${use.categories} category template(s) list it` : '',
  ].filter(Boolean);
  return places.join('; ');
}

/** The option codes products hold of an attribute that `options` no longer offers. */
async function optionsInUse(db: Executor, id: number, options: readonly AttributeOption[]) {
  const offered = new Set(options.map((option) => option.code));
  return (await optionsHeld(db, id)).filter((code) => !offered.has(code));
}

/**
 * The specifications' dictionary (shared/src/specs.ts). Besides what the schema checks, an
 * attribute's fields must suit its type: an `enum` offers options, with codes of their own, and
 * only figures have a unit. An attribute products have values of keeps its type and the
 * options they chose; one in use anywhere cannot be deleted (409 saying where).
 */
export default async function attributeRoutes(app: FastifyInstance) {
  registerCrud(app, {
    name: 'attributes',
    repo: attributes,
    record: attributeSchema,
    bodies: attributeBodies,
    hooks: {
      async prepare({ db }, body, existing) {
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
        if (existing) await keepValuesValid(db, existing.id, existing.type, type, options);
        return body;
      },
      async beforeDelete({ db }, record) {
        const used = await whereUsed(db, record.id);
        if (used) throw new Conflict(`This attribute is in use: ${used}`, { code: 'inUse' });
        return [];
      },
    },
  });
}

/** Refuses a change that would leave products' values of the attribute meaningless. */
async function keepValuesValid(
  db: Executor,
  id: number,
  before: string,
  after: string | undefined,
  options: readonly AttributeOption[],
): Promise<void> {
  const { products } = await attributeUse(db, id);
  if (!products) return;
  if (after !== undefined && after !== before) {
    throw new Conflict(
      `type: ${products} product(s) have values of this attribute; clear them before changing its type`,
      { code: 'inUse', field: 'type' },
    );
  }
  if (before === 'enum') {
    const dropped = await optionsInUse(db, id, options);
    if (dropped.length) {
      throw new Conflict(`options: products still have the option(s) ${dropped.join(', ')}`, {
        code: 'inUse',
        field: 'options',
      });
    }
  }
}
