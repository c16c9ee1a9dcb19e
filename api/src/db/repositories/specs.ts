import {
  type Category,
  categorySchema,
  type Client,
  clientSchema,
  type Lead,
  leadSchema,
  localizedKeys,
  type Media,
  mediaSchema,
  type Product,
  productSchema,
  type Project,
  projectSchema,
  type Supplier,
  supplierSchema,
  type Testimonial,
  testimonialSchema,
  type User,
  userSchema,
} from '@conveyor/shared';
import { type AnyEb, TableRepository, type TableSpec } from './table.ts';

// One repository per table, described by data: the columns come from the shared record
// schemas, so what the API selects is exactly what it documents and serialises.

const columnsOf = (schema: { properties: object }) => Object.keys(schema.properties);
const common = ['id', 'created_at', 'updated_at'] as const;

function spec(
  table: TableSpec['table'],
  schema: { properties: object },
  options: Partial<Omit<TableSpec, 'table' | 'columns'>>,
): TableSpec {
  const columns = columnsOf(schema);
  const hasActive = columns.includes('is_active');
  return {
    table,
    columns,
    booleans: hasActive ? ['is_active'] : [],
    search: [],
    sortable: [...common, ...(hasActive ? ['is_active'] : [])],
    defaultSort: ['id', 'asc'],
    hasActive,
    ...options,
    filters: [...(options.filters ?? []), ...(hasActive ? ['is_active'] : [])],
  };
}

const localizedText = (...prefixes: string[]) => prefixes.flatMap((p) => localizedKeys(p));

export const categories = new TableRepository<Category>(
  spec('categories', categorySchema, {
    search: localizedText('name', 'description'),
    sortable: ['id', 'created_at', 'updated_at', 'is_active', ...localizedText('name')],
  }),
);

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
  spec('products', productSchema, {
    search: localizedText('name', 'description'),
    sortable: [
      'id',
      'created_at',
      'updated_at',
      'is_active',
      'category_id',
      ...localizedText('name'),
    ],
    filters: ['category_id'],
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
  spec('media', mediaSchema, {
    search: [...localizedText('title'), 'link'],
    sortable: [
      'id',
      'created_at',
      'updated_at',
      'is_active',
      'product_id',
      ...localizedText('title'),
    ],
    filters: ['product_id'],
    visibleParents: (eb) => eb('product_id', 'in', visibleProductIds(eb)),
  }),
);

export const project = new TableRepository<Project>(
  spec('project', projectSchema, {
    search: localizedText('title', 'description'),
    sortable: ['id', 'created_at', 'updated_at', 'is_active', ...localizedText('title')],
  }),
);

export const testimonials = new TableRepository<Testimonial>(
  spec('testimonials', testimonialSchema, {
    search: localizedText('name', 'message'),
    sortable: ['id', 'created_at', 'updated_at', 'is_active', ...localizedText('name')],
  }),
);

export const clients = new TableRepository<Client>(
  spec('clients', clientSchema, {
    search: ['name'],
    sortable: ['id', 'created_at', 'updated_at', 'is_active', 'name'],
  }),
);

export const leads = new TableRepository<Lead>(
  spec('leads', leadSchema, {
    search: ['name', 'email', 'phone', 'message'],
    sortable: ['id', 'created_at', 'updated_at', 'status', 'name', 'email'],
    filters: ['status'],
    defaultSort: ['id', 'desc'],
  }),
);

export const suppliers = new TableRepository<Supplier>(
  spec('suppliers', supplierSchema, {
    search: ['company_name', 'contact_person', 'inn', 'email', 'phone', 'offer'],
    sortable: ['id', 'created_at', 'updated_at', 'is_active', 'company_name', 'partner_count'],
    defaultSort: ['id', 'desc'],
  }),
);

export const users = new TableRepository<User>(
  spec('users', userSchema, {
    search: ['user_name', 'first_name', 'last_name', 'email'],
    sortable: [
      'id',
      'created_at',
      'updated_at',
      'is_active',
      'user_name',
      'first_name',
      'last_name',
      'email',
    ],
  }),
);
