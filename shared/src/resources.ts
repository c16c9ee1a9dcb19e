import { type Language, pickLocalized } from './languages.ts';
import { localizedKeys } from './schemas/common.ts';
import { MAX_PRODUCT_IMAGES } from './limits.ts';

/**
 * The resource registry: the one declaration of each resource of the API and the back office.
 * The API's routes and repositories, the back office's registration and its data provider's
 * multipart decision are derived from it (docs/adding-a-resource.md). What differs in
 * behaviour (a hook, a screen) lives with the resource; the facts live here.
 */
export interface ResourceEntry {
  /** Who may read: `public` is anyone (active records only), `staff` signed-in users. */
  readonly read: 'public' | 'staff';
  /** Who may create: `public` lets the site's forms post anonymously (rate limited). */
  readonly create: 'public' | 'staff';
  /** Whether a change republishes the public site. */
  readonly publishes: boolean;
  /** Whether a new record is delivered to the sales team (Telegram, e-mail, CRM webhooks). */
  readonly notifies?: true;
  /**
   * Whether sales work the records: a status (new, in progress, won, lost, spam), an assignee,
   * staff notes, and lists limited to a creation date range (`created_from`, `created_to`).
   */
  readonly workflow?: true;
  /** Whether staff may download the list as a CSV or XLSX file (`GET /{resource}/export`). */
  readonly exports?: true;
  /**
   * The single file a record may carry: the multipart field and the column it is kept in. A
   * picture (checked, cleaned and re-encoded as an image), or with `document` a document
   * (a datasheet, a drawing: checked by its bytes, stored as it is, under DOCUMENT_MAX_MB).
   */
  readonly image?: { readonly field: string; readonly column: string; readonly document?: true };
  /** A product's gallery: the repeated multipart field, and at most how many images. */
  readonly gallery?: { readonly field: string; readonly max: number };
  /** Language-dependent fields of which at least one language must be filled in. */
  readonly requireLocalized?: readonly string[];
  /** Columns the text search (`q`) looks in. */
  readonly search: readonly string[];
  /** Columns a list may be sorted by (besides id, created_at, updated_at, is_active). */
  readonly sortable: readonly string[];
  /** Columns a list may be filtered by (besides is_active). */
  readonly filters?: readonly string[];
  /** The list's order when none is asked for. */
  readonly defaultOrder?: 'asc' | 'desc';
  /**
   * The field a record is called by where many kinds are listed together (the Trash, the
   * Scheduled screen, a delete's question): its language variants when it has them
   * (`title_ru`…), else the column itself. `name` unless said.
   */
  readonly label?: string;
}

const localized = (...prefixes: string[]) => prefixes.flatMap((prefix) => localizedKeys(prefix));

export const RESOURCE_REGISTRY = {
  users: {
    read: 'staff',
    create: 'staff',
    publishes: false,
    label: 'user_name',
    image: { field: 'avatar', column: 'avatar' },
    search: ['user_name', 'first_name', 'last_name', 'email'],
    sortable: ['user_name', 'email', 'first_name', 'last_name', 'role', 'two_factor'],
    filters: ['role'],
  },
  categories: {
    read: 'public',
    create: 'staff',
    publishes: true,
    image: { field: 'image', column: 'image' },
    requireLocalized: ['name'],
    search: localized('name', 'description'),
    sortable: localized('name', 'description'),
  },
  products: {
    read: 'public',
    create: 'staff',
    publishes: true,
    image: { field: 'image', column: 'image' },
    gallery: { field: 'images', max: MAX_PRODUCT_IMAGES },
    requireLocalized: ['name'],
    search: localized('name', 'description'),
    sortable: ['category_id', ...localized('name', 'description')],
    filters: ['category_id'],
  },
  attributes: {
    read: 'public',
    create: 'staff',
    publishes: true,
    requireLocalized: ['name'],
    search: ['code', ...localized('name')],
    sortable: ['code', 'type', ...localized('name', 'unit')],
    filters: ['type'],
  },
  media: {
    read: 'public',
    create: 'staff',
    publishes: true,
    label: 'title',
    requireLocalized: ['title'],
    search: [...localized('title'), 'link'],
    sortable: ['product_id', 'link', ...localized('title')],
    filters: ['product_id'],
  },
  documents: {
    read: 'public',
    create: 'staff',
    publishes: true,
    label: 'title',
    image: { field: 'file', column: 'file', document: true },
    requireLocalized: ['title'],
    search: [...localized('title'), 'revision'],
    sortable: [
      'kind',
      'product_id',
      'project_id',
      'category_id',
      'revision',
      'position',
      ...localized('title'),
    ],
    filters: ['kind', 'product_id', 'project_id', 'category_id'],
  },
  project: {
    read: 'public',
    create: 'staff',
    publishes: true,
    label: 'title',
    requireLocalized: ['title'],
    search: localized('title', 'description'),
    sortable: ['link', ...localized('title')],
  },
  leads: {
    read: 'staff',
    create: 'public',
    publishes: false,
    notifies: true,
    workflow: true,
    exports: true,
    search: ['name', 'email', 'phone', 'message'],
    sortable: ['status', 'name', 'email', 'phone', 'message', 'product_id'],
    filters: ['status', 'assignee_id', 'product_id', 'language'],
    defaultOrder: 'desc',
  },
  testimonials: {
    read: 'public',
    create: 'staff',
    publishes: true,
    requireLocalized: ['name', 'message'],
    search: localized('name', 'message'),
    sortable: localized('name', 'message'),
  },
  clients: {
    read: 'public',
    create: 'staff',
    publishes: true,
    image: { field: 'image', column: 'image' },
    search: ['name'],
    sortable: ['name'],
  },
  suppliers: {
    read: 'staff',
    create: 'public',
    publishes: false,
    label: 'company_name',
    notifies: true,
    workflow: true,
    exports: true,
    search: ['company_name', 'contact_person', 'inn', 'email', 'phone', 'offer'],
    sortable: [
      'company_name',
      'partner_count',
      'status',
      'contact_person',
      'phone',
      'email',
      'offer',
    ],
    filters: ['status', 'assignee_id', 'language'],
    defaultOrder: 'desc',
  },
} as const satisfies Record<string, ResourceEntry>;

/** Every resource of the API, by its one name (URL, table, admin folder, i18n key). */
export type Resource = keyof typeof RESOURCE_REGISTRY;
export const RESOURCES = Object.keys(RESOURCE_REGISTRY) as Resource[];

/** The resources whose new records go to the sales team: leads and supplier applications. */
export type NotifyingResource = {
  [K in Resource]: (typeof RESOURCE_REGISTRY)[K] extends { notifies: true } ? K : never;
}[Resource];

export function isNotifying(name: Resource): name is NotifyingResource {
  return resourceEntry(name).notifies === true;
}

/** The resources sales work: leads and supplier applications. */
export type WorkflowResource = {
  [K in Resource]: (typeof RESOURCE_REGISTRY)[K] extends { workflow: true } ? K : never;
}[Resource];

export function isWorkflow(name: Resource): name is WorkflowResource {
  return resourceEntry(name).workflow === true;
}

/** Whether a name (from a URL, a react-admin call) is one of the registry's resources. */
export function isResource(name: string): name is Resource {
  return Object.hasOwn(RESOURCE_REGISTRY, name);
}

/** The registry entry of a resource, typed as the general shape. */
export function resourceEntry(name: Resource): ResourceEntry {
  return RESOURCE_REGISTRY[name];
}

/** The multipart file fields a resource's writes take (none: it takes JSON only). */
export function fileFields(name: Resource): string[] {
  const entry = resourceEntry(name);
  return [entry.image?.field, entry.gallery?.field].filter((f): f is string => Boolean(f));
}

/**
 * What a record is called (its registry `label`) in a language: a language-dependent one falls
 * back as the site does; '' when it has none.
 */
export function recordLabel(
  resource: Resource,
  record: Readonly<Record<string, unknown>>,
  language: Language,
): string {
  const label = resourceEntry(resource).label ?? 'name';
  const plain = record[label];
  if (typeof plain === 'string') return plain;
  return pickLocalized(record as Record<string, string | null | undefined>, label, language);
}
