import {
  type Attribute,
  attributeSchema,
  type Category,
  categorySchema,
  type Client,
  clientSchema,
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
import { type AnyEb, TableRepository, type TableShape } from './table.ts';

// One repository per table, described by data (its shape): the columns come from the shared record
// schemas, so what the API selects is exactly what it documents and serialises; search, sort
// and filter columns come from the resource registry.

const columnsOf = (schema: { properties: object }) => Object.keys(schema.properties);
const common = ['id', 'created_at', 'updated_at'] as const;

function shape(
  table: Resource,
  schema: { properties: object },
  extra: Pick<Partial<TableShape>, 'visibleParents'> = {},
): TableShape {
  const entry = resourceEntry(table);
  const columns = columnsOf(schema);
  const hasActive = columns.includes('is_active');
  const active = hasActive ? ['is_active'] : [];
  const properties = schema.properties as Record<string, { type?: unknown }>;
  return {
    table,
    columns,
    // SQLite answers 0/1 for every boolean column (a user's `two_factor` besides `is_active`)
    booleans: columns.filter((column) => properties[column]?.type === 'boolean'),
    json: columns.filter((column) => properties[column]?.type === 'array'),
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
const visibleProductIds = (eb: AnyEb) =>
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

export const products = new TableRepository<Product>(
  shape('products', productSchema, {
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

export const media = new TableRepository<Media>(
  shape('media', mediaSchema, {
    visibleParents: (eb) => eb('product_id', 'in', visibleProductIds(eb)),
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
