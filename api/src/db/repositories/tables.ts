import {
  type Attribute,
  attributeSchema,
  type Category,
  categorySchema,
  type Client,
  clientSchema,
  documentFile,
  type DocumentRecord,
  documentSchema,
  type Lead,
  leadSchema,
  type Media,
  mediaSchema,
  type Product,
  productSchema,
  type Project,
  type Resource,
  resourceEntry,
  projectSchema,
  type Supplier,
  supplierSchema,
  type Testimonial,
  testimonialSchema,
  type User,
  userSchema,
} from '@conveyor/shared';
import { type AnyEb, type Executor, TableRepository, type TableShape } from './table.ts';

// One repository per table, described by data (its shape): the columns come from the shared record
// schemas, so what the API selects is exactly what it documents and serialises; search, sort
// and filter columns come from the resource registry.

const columnsOf = (schema: { properties: object }) => Object.keys(schema.properties);
const common = ['id', 'created_at', 'updated_at'] as const;

function shape(
  table: Resource,
  schema: { properties: object },
  extra: Pick<Partial<TableShape>, 'visibleParents' | 'computed' | 'conditions' | 'derived'> = {},
): TableShape {
  const entry = resourceEntry(table);
  // a computed figure is the list's, a derived one the mapper's: neither is a column
  const columns = columnsOf(schema).filter(
    (column) => !extra.computed?.[column] && !extra.derived?.fields.includes(column),
  );
  const hasActive = columns.includes('is_active');
  const active = hasActive ? ['is_active'] : [];
  const properties = schema.properties as Record<string, { type?: unknown }>;
  return {
    table,
    columns,
    // SQLite answers 0/1 for every boolean column (a user's `two_factor` besides `is_active`)
    booleans: columns.filter((column) => properties[column]?.type === 'boolean'),
    // lists, and objects such as a lead's duty
    json: columns.filter((column) =>
      [properties[column]?.type].flat().some((type) => type === 'array' || type === 'object'),
    ),
    search: entry.search,
    sortable: [...common, ...active, ...entry.sortable],
    defaultSort: ['id', entry.defaultOrder ?? 'asc'],
    hasActive,
    filters: [...(entry.filters ?? []), ...active],
    ...extra,
  };
}

export const categories = new TableRepository<Category>(shape('categories', categorySchema));

export const attributes = new TableRepository<Attribute>(shape('attributes', attributeSchema));

/** Ids of the products anonymous readers may see: active, in an active category. */
export const visibleProductIds = (eb: AnyEb) =>
  eb
    .selectFrom('products as visible_product')
    .innerJoin(
      'categories as product_category',
      'product_category.id',
      'visible_product.category_id',
    )
    .select('visible_product.id')
    .where('visible_product.is_active', '=', true)
    .where('product_category.is_active', '=', true);

/** The lines of a product's category template: `required` ones only, if asked. */
const templateLines = (eb: AnyEb, required = false) =>
  eb
    .selectFrom('category_attributes as line')
    .whereRef('line.category_id', '=', 'products.category_id')
    .$if(required, (query) => query.where('line.required', '=', true));

/** Whether the product has a value of the template line's attribute. */
const hasValue = (eb: AnyEb) =>
  eb.exists(
    eb
      .selectFrom('product_specs as value')
      .select('value.id')
      .whereRef('value.product_id', '=', 'products.id')
      .whereRef('value.attribute_id', '=', 'line.attribute_id'),
  );

/** How many required lines of its template a product has no value of. */
const missingRequired = (eb: AnyEb) =>
  templateLines(eb, true)
    .select((inner) => inner.fn.countAll().as('n'))
    .where((inner) => inner.not(hasValue(inner)));

export const products = new TableRepository<Product>(
  shape('products', productSchema, {
    // its specifications' completeness, for the back office's list: of its template's lines,
    // how many have a value, and how many required ones have none
    computed: {
      specs_total: (eb) => templateLines(eb).select((inner) => inner.fn.countAll().as('n')),
      specs_filled: (eb) =>
        templateLines(eb)
          .select((inner) => inner.fn.countAll().as('n'))
          .where((inner) => hasValue(inner)),
      specs_missing: missingRequired,
    },
    conditions: {
      incomplete: (eb, value) => eb(missingRequired(eb), value ? '>' : '=', 0),
    },
    visibleParents: (eb) =>
      eb(
        'category_id',
        'in',
        eb
          .selectFrom('categories as parent')
          .select('parent.id')
          .where('parent.is_active', '=', true),
      ),
  }),
);

/** Whether any product is in this category (products keep theirs: it cannot go before them). */
export async function categoryHasProducts(db: Executor, categoryId: number): Promise<boolean> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('category_id', '=', categoryId)
    .limit(1)
    .executeTakeFirst();
  return product !== undefined;
}

export const media = new TableRepository<Media>(
  shape('media', mediaSchema, {
    visibleParents: (eb) => eb('product_id', 'in', visibleProductIds(eb)),
  }),
);

/** Ids of the categories anonymous readers may see. */
const visibleCategoryIds = (eb: AnyEb) =>
  eb.selectFrom('categories as parent').select('parent.id').where('parent.is_active', '=', true);

export const documents = new TableRepository<DocumentRecord>(
  shape('documents', documentSchema, {
    // shown with what it belongs to: a document of a hidden product is hidden too
    visibleParents: (eb) =>
      eb.or([
        eb('product_id', 'in', visibleProductIds(eb)),
        eb(
          'project_id',
          'in',
          eb.selectFrom('project as owner').select('owner.id').where('owner.is_active', '=', true),
        ),
        eb('category_id', 'in', visibleCategoryIds(eb)),
      ]),
    // what its stored key says of the file (shared documentFile): no columns to keep in step
    derived: {
      fields: ['url', 'file_name', 'file_size', 'file_format'],
      add(row) {
        const file = documentFile(row.file as string | null);
        row.url = file?.url ?? null;
        row.file_name = file?.name ?? null;
        row.file_size = file?.size ?? null;
        row.file_format = file?.format ?? null;
      },
    },
  }),
);

export const project = new TableRepository<Project>(shape('project', projectSchema));

export const testimonials = new TableRepository<Testimonial>(
  shape('testimonials', testimonialSchema),
);

export const clients = new TableRepository<Client>(shape('clients', clientSchema));

export const leads = new TableRepository<Lead>(shape('leads', leadSchema));

export const suppliers = new TableRepository<Supplier>(shape('suppliers', supplierSchema));

export const users = new TableRepository<User>(shape('users', userSchema));
