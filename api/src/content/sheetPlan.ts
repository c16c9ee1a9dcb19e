import { type Language, type SpecValue, specProblem } from '@conveyor/shared';
import { productSpecs } from '../db/repositories/specs.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { SheetRow } from '../exports/sheetLimits.ts';
import { ApiError } from '../lib/httpErrors.ts';
import { turnTaker } from '../lib/turns.ts';
import type { AnyRecord, Body, Crud } from './definition.ts';
import {
  type ReadCell,
  readField,
  readHeader,
  readSpec,
  type SheetAttribute,
  sheetAttributes,
  type SheetColumn,
  sheetColumns,
  type SheetProblem,
} from './productSheet.ts';
import {
  bodyProblems,
  type SheetBodyChecks,
  type SheetSpec,
  withoutField,
} from './sheetRowChecks.ts';
import { checkSpecsAgainst } from './specs.ts';
import { columnValues, requireLocalized } from './values.ts';

// Taking a products sheet back (docs/specifications.md): every row is read into the body a
// `POST` or `PUT /api/products` would send, and goes through what such a body goes through, in
// the same order: its text's line breaks made LF and NUL characters and infinite numbers refused
// (lib/bodyText.ts, as the text-input and hostile-input hooks do), the route's own body schema
// (compiled by the route's validator, so the same Ajv and limits), a name in some language, a
// category that exists, values that fit their attributes (content/specs.ts). What the JSON API
// would refuse is a problem of its row and column, and the whole file then writes nothing; a
// dry run answers the same problems, so a file that passes one is written by the other on both
// databases.

export interface PlannedWrite {
  id: number;
  values: Body;
  specs: SpecValue[] | undefined;
}

/** What an import would write, and the problems that keep it from writing anything. */
export interface SheetImportPlan {
  /** Rows of products the file has (not its header, not its empty rows). */
  rows: number;
  updates: PlannedWrite[];
  creates: Omit<PlannedWrite, 'id'>[];
  unchanged: number;
  problems: SheetProblem[];
}

/**
 * What importing `table` (its header is row 1) would write, row by row, and every problem that
 * keeps it from writing anything. Writes nothing; reads the products the file names, the
 * categories and the attributes once. Gives the event loop a turn every few milliseconds.
 */
export async function planSheetImport(
  db: Executor,
  def: Crud,
  table: readonly SheetRow[],
  checks: SheetBodyChecks,
): Promise<SheetImportPlan> {
  const attributes = await sheetAttributes(db);
  const header = table[0]?.row === 1 ? table[0].cells : [];
  const rows = table.filter((row) => row.row > 1);
  const { mapped, problems } = readHeader(header, sheetColumns(attributes));
  const plan: SheetImportPlan = {
    rows: rows.length,
    updates: [],
    creates: [],
    unchanged: 0,
    problems,
  };
  if (problems.length) return plan;

  const idColumn = mapped.findIndex((column) => column?.field === 'id');
  // the ids as a row reads them (readField), each within the id range
  const ids = [
    ...new Set(
      rows.flatMap((row) => {
        const read = readField('id', row.cells[idColumn] ?? null);
        return 'value' in read && typeof read.value === 'number' ? [read.value] : [];
      }),
    ),
  ];
  const existing = new Map<number, AnyRecord>();
  for (let at = 0; at < ids.length; at += 1000) {
    const slice = ids.slice(at, at + 1000);
    const found = await db.selectFrom('products').selectAll().where('id', 'in', slice).execute();
    for (const row of found) existing.set(row.id, def.repo.map(row) as AnyRecord);
  }
  const categoryIds = new Set(
    (await db.selectFrom('categories').select('id').execute()).map((row) => row.id),
  );
  const storedSpecs = await productSpecs(db, [...existing.keys()]);
  const definitions = new Map<number, SheetAttribute>(attributes.map((a) => [a.id, a]));
  const specColumns = mapped.filter((column): column is SheetColumn => Boolean(column?.attribute));
  const inFile = new Set(specColumns.map((column) => column.attribute!.id));
  // each attribute once (a text one has a column per language)
  const fileAttributes = [
    ...new Map(specColumns.map((column) => [column.attribute!.id, column])).values(),
  ];
  const seen = new Set<number>();
  const turn = turnTaker();

  for (const { row: rowNumber, cells } of rows) {
    await turn();
    if (cells.every((cell) => cell === null || cell === '')) continue;
    const problemsBefore = problems.length;
    const problem = (column: string, message: string) =>
      problems.push({ row: rowNumber, column, message });
    const fields: Body = {};
    const texts = new Map<number, Partial<Record<Language | 'value', ReadCell>>>();
    let categoryEmptied = false;
    mapped.forEach((column, at) => {
      if (!column) return;
      const cell = cells[at] ?? null;
      if (column.field) {
        const read = readField(column.field, cell);
        if ('problem' in read) problem(column.header, read.problem);
        else if (column.field === 'category_id' && read.value === null) categoryEmptied = true;
        else if (read.value !== undefined) fields[column.field] = read.value;
      } else {
        const cellsOf = texts.get(column.attribute!.id) ?? {};
        cellsOf[column.language ?? 'value'] = cell;
        texts.set(column.attribute!.id, cellsOf);
      }
    });
    // a row whose id cannot be read names no product: nothing more to check of it
    if (problems.length > problemsBefore && !('id' in fields)) continue;
    const id = fields.id as number | null | undefined;
    delete fields.id;
    const current = id ? existing.get(id) : undefined;
    if (id && !current) {
      problem('id', `there is no product with id ${id}`);
      continue;
    }
    if (id && seen.has(id)) {
      problem('id', `the product ${id} is in the file twice`);
      continue;
    }
    if (id) seen.add(id);
    // an emptied category: the product would have none, which no body may ask
    if (categoryEmptied && current) problem('category_id', 'is required');

    // the file's values, as the sheet writes them, each checked against its attribute
    let specs: SheetSpec[] | undefined;
    if (fileAttributes.length) {
      specs = [];
      for (const column of fileAttributes) {
        const attribute = column.attribute!;
        const read = readSpec(attribute, texts.get(attribute.id) ?? {});
        if (read === null) continue;
        if ('problem' in read) {
          problem(column.header, read.problem);
          continue;
        }
        const wrong = specProblem(attribute, read);
        if (wrong) {
          const says = {
            type: 'is not a value of this attribute',
            order: 'its minimum is above its maximum',
            option: `is not one of its options (${attribute.options.map((o) => o.code).join(', ')})`,
            decimals: `has more than ${attribute.decimals} digits after the decimal point`,
          }[wrong];
          problem(column.header, says);
          continue;
        }
        specs.push({ value: read, column });
      }
    }
    // the other values of the product, as it has them, go with them: the body replaces its list
    const before = (id ? storedSpecs.get(id) : undefined) ?? [];
    const others = specs ? before.filter((spec) => !inFile.has(spec.attribute_id)) : [];
    const othersColumn = (spec: SpecValue): SheetColumn => {
      const attribute = definitions.get(spec.attribute_id)!;
      return { key: attribute.code, header: attribute.code, kind: 'text', attribute };
    };
    const listed = specs && [
      ...specs,
      ...others.map((value) => ({ value, column: othersColumn(value) })),
    ];

    // the body as `POST` or `PUT /api/products` takes it, through the same hooks and schema
    const rowFound = bodyProblems(
      fields,
      listed,
      current ? checks.update : checks.create,
      checks.update,
    );
    for (const found of rowFound) problem(found.column, found.message);
    try {
      // a name refused above is not a missing name on top of it
      if (!rowFound.some((one) => one.field.startsWith('name_'))) {
        requireLocalized(def, { ...current, ...fields });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problem(
        mapped.find((column) => column?.field?.startsWith('name_'))?.header ?? 'name',
        'a name in at least one language is needed',
      );
    }
    const category = fields.category_id as number | undefined;
    if (category !== undefined && !categoryIds.has(category)) {
      problem('category_id', `there is no category with id ${category}`);
    }
    if (problems.length > problemsBefore) continue;

    // the values as they are stored (content/specs.ts), with the product's others
    let nextSpecs: SpecValue[] | undefined;
    if (listed) {
      try {
        nextSpecs = checkSpecsAgainst(
          definitions,
          listed.map((spec) => spec.value),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        problem('specs', withoutField(error.message, 'specs'));
        continue;
      }
    }
    const values = columnValues(def, fields);
    if (!current) {
      plan.creates.push({ values, specs: nextSpecs ?? [] });
      continue;
    }
    const changed = Object.entries(values).filter(
      ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
    );
    const specsChanged =
      nextSpecs !== undefined && JSON.stringify(before) !== JSON.stringify(nextSpecs);
    if (!changed.length && !specsChanged) {
      plan.unchanged++;
      continue;
    }
    plan.updates.push({
      id: id!,
      values: Object.fromEntries(changed),
      specs: specsChanged ? nextSpecs : undefined,
    });
  }
  return plan;
}
