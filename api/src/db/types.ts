import type { LocalizedKeys } from '@conveyor/shared';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

// One interface per table. SQLite hands booleans back as 0/1 and timestamps as ISO text,
// PostgreSQL as booleans and Date objects: repositories map rows through `rows.ts` before they
// leave the data layer.

export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A column the database fills in with its default when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date | string, string | undefined, string>;

/** The columns of language-dependent fields: `name` → `name_uz`, `name_ru`, `name_en`. */
type Localized<P extends string> = Record<LocalizedKeys<P>, string>;

interface Timestamps {
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable extends Timestamps {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  is_active: Bool;
  /** admin, editor or sales (shared/src/roles.ts); the column's default is admin. */
  role: Generated<string>;
  /** Two-factor sign-in; the secrets are encrypted, see lib/twoFactor.ts. */
  two_factor: ColumnType<boolean | number, boolean | undefined, boolean>;
  two_factor_secret: string | null;
  two_factor_pending: string | null;
  /** The TOTP time step of the last code accepted: no code at or before it counts again. */
  two_factor_last_step: number | null;
  /** JSON array of the unused recovery codes' SHA-256 hashes (hex). */
  two_factor_recovery: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Null only for a session of before this column, until it is next used. */
  last_used_at: Timestamp | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  user_id: number | null;
  user_name: Generated<string>;
  action: string;
  resource: Generated<string>;
  record_id: number | null;
  ip: Generated<string>;
  /** A JSON object as text (the same on both databases). */
  details: Generated<string>;
}

export interface RevisionsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  created_at: Timestamp;
  user_id: number | null;
  user_name: Generated<string>;
  action: string;
  /** JSON array of the field names the change touched. */
  fields: Generated<string>;
  /** JSON object: the record's columns, and what belongs to it (a product's gallery). */
  snapshot: string;
}

/** A record's changes saved without going live: one per record. */
export interface DraftsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  /** JSON object: the fields the draft changes, as an update's body gives them. */
  data: string;
  user_id: number | null;
  user_name: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A stored file a draft holds (its new picture, a product's added gallery pictures). */
export interface DraftFilesTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  path: string;
}

export interface RevisionFilesTable {
  id: Generated<number>;
  revision_id: number;
  path: string;
}

export interface CategoriesTable extends Timestamps, Localized<'name' | 'description'> {
  id: Generated<number>;
  link: string;
  image: string | null;
  is_active: Bool;
}

export interface ProductsTable extends Timestamps, Localized<'name' | 'description'> {
  id: Generated<number>;
  category_id: number;
  image: string | null;
  is_active: Bool;
}

export interface ProductImagesTable extends Timestamps {
  id: Generated<number>;
  product_id: number;
  src: string;
  position: number;
  /** The picture's alternative text in each language ('' for none). */
  alt_uz: Defaulted<string>;
  alt_ru: Defaulted<string>;
  alt_en: Defaulted<string>;
}

/** An attribute of the specifications' dictionary (shared/src/specs.ts). */
export interface AttributesTable extends Timestamps, Localized<'name' | 'unit' | 'group'> {
  id: Generated<number>;
  code: string;
  type: string;
  /** A UN/CEFACT common code, or null. */
  unit: string | null;
  decimals: Defaulted<number>;
  filterable: Bool;
  comparable: Bool;
  quote: Bool;
  /** An `enum`'s options as JSON text: [{ code, name_uz, name_ru, name_en }]. */
  options: Defaulted<string>;
  is_active: Bool;
}

/** A category's template: the attributes its products carry, in order. */
export interface CategoryAttributesTable {
  id: Generated<number>;
  category_id: number;
  attribute_id: number;
  position: Defaulted<number>;
  required: Bool;
}

/** A product's value of one attribute, in the columns of its type (the others null). */
export interface ProductSpecsTable {
  id: Generated<number>;
  product_id: number;
  attribute_id: number;
  value_number: number | null;
  value_boolean: Bool | null;
  min: number | null;
  max: number | null;
  option: string | null;
  text_uz: string | null;
  text_ru: string | null;
  text_en: string | null;
}

export interface MediaTable extends Timestamps, Localized<'title'> {
  id: Generated<number>;
  link: string;
  product_id: number;
  is_active: Bool;
}

export interface ProductRelatedTable {
  id: Generated<number>;
  product_id: number;
  related_id: number;
  /** shared RELATION_KINDS */
  kind: string;
  two_way: Bool;
  position: Defaulted<number>;
}

/** A text of a record another language's text of the same field changed after (outdated). */
export interface TranslationMarksTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  field: string;
  language: string;
  since: Timestamp;
}

export interface DocumentsTable extends Timestamps, Localized<'title'> {
  id: Generated<number>;
  kind: Defaulted<string>;
  /** The document's own languages: a JSON list. */
  languages: Defaulted<string>;
  revision: Defaulted<string>;
  on_request: Bool;
  /** The stored file's key (shared `documentKey`), or null. */
  file: string | null;
  product_id: number | null;
  project_id: number | null;
  category_id: number | null;
  /** Its place among its record's documents (0 first); null: not placed, after the placed. */
  position: number | null;
  is_active: Bool;
}

export interface ProjectTable extends Timestamps, Localized<'title' | 'description'> {
  id: Generated<number>;
  link: string;
  is_active: Bool;
}

export interface LeadsTable extends Timestamps {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  assignee_id: number | null;
  product_id: number | null;
  page: Defaulted<string>;
  language: Defaulted<string>;
  referrer: Defaulted<string>;
  utm_source: Defaulted<string>;
  utm_medium: Defaulted<string>;
  utm_campaign: Defaulted<string>;
  utm_term: Defaulted<string>;
  utm_content: Defaulted<string>;
  /** The buyer's parameters of a quote request: a JSON list (shared `LeadParameter`). */
  parameters: Defaulted<string>;
  /** A calculator's duty and what it came to: JSON (shared `LeadDuty`), or null. */
  duty: string | null;
  /** A quote's items: a JSON list (shared `LeadItem`). */
  items: Defaulted<string>;
}

export interface SuppliersTable extends Timestamps {
  id: Generated<number>;
  company_name: string;
  partner_count: number | null;
  inn: string;
  contact_person: string;
  phone: string;
  email: string;
  company_description: string;
  offer: string;
  is_active: Bool;
  language: Defaulted<string>;
  status: Defaulted<string>;
  assignee_id: number | null;
}

/** A staff note on a lead or a supplier application. */
export interface NotesTable {
  id: Generated<number>;
  subject: 'leads' | 'suppliers';
  subject_id: number;
  author_id: number | null;
  author_name: string;
  body: string;
  created_at: Timestamp;
}

export interface TestimonialsTable extends Timestamps, Localized<'name' | 'message'> {
  id: Generated<number>;
  is_active: Bool;
}

export interface ClientsTable extends Timestamps {
  id: Generated<number>;
  name: string;
  image: string | null;
  is_active: Bool;
}

export interface SettingsTable {
  id: number;
  phone_primary: string;
  phone_secondary: string;
  email: string;
  legal_name: string;
  address_uz: string;
  address_ru: string;
  address_en: string;
  telegram_url: string;
  instagram_url: string;
  facebook_url: string;
  map_embed_url: string;
  developer_name: string;
  developer_url_1: string;
  developer_url_2: string;
  privacy_uz: string;
  privacy_ru: string;
  privacy_en: string;
  /** Null only for a record saved before this column existed and never touched since. */
  created_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface PublishBuildsTable {
  id: Generated<number>;
  /** 'announced': the rebuild was handed to the webhook URLs (built elsewhere). */
  status: 'queued' | 'running' | 'success' | 'failed' | 'announced';
  requested_at: string;
  last_requested_at: string;
  requests: ColumnType<number, number | undefined, number>;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  pages: number | null;
  release: string | null;
  error: string | null;
  log_tail: string | null;
  /** The instance (host:pid) running the build. */
  owner: string | null;
  /** Every page rendered, none carried over from the live release (the admin's Rebuild). */
  full: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** 0 for a requested build; n for the nth automatic retry of a failed one. */
  attempt: ColumnType<number, number | undefined, number>;
  /** A queued row does not start before this time. */
  not_before: string | null;
  /** When its release last went live (its build's end, or a rollback to it). */
  live_at: string | null;
  /** A successful build's: the hash of the content it was built from (siteDataHash). */
  data_hash: string | null;
}

/** What asked for a build: one row per rebuild request, beside its build's row. */
export interface PublishTriggersTable {
  id: Generated<number>;
  build_id: number;
  at: string;
  kind: 'change' | 'rebuild' | 'start' | 'restart' | 'retry' | 'webhook' | 'catchup' | 'pictures';
  /** A change: the resource (or 'settings'), what was done, the record. */
  resource: string | null;
  action: string | null;
  record_id: number | null;
  /** Who: a staff member's user name, 'Scheduler'; empty when nobody (a start, a retry). */
  user_name: ColumnType<string, string | undefined, string>;
}

/** Secrets shared by every instance and kept across restarts (device-cookie signing key). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** Accepted rebuild webhooks (by signature), kept for the freshness window: no replays. */
export interface WebhookReceiptsTable {
  id: string;
  received_at: string;
}

/** The durable jobs (DESIGN section 9): one row per job, claimed by one instance at a time. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  unique_key: string | null;
  /** What the job is about (`leads:12`). */
  ref: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/**
 * A content record's pending publish and unpublish times: one row per record at
 * most, gone once both have fired or it is cancelled. ISO-8601 UTC text, as in `jobs`.
 */
export interface SchedulesTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  publish_at: string | null;
  unpublish_at: string | null;
  /** The sooner of the two pending times. */
  next_at: string;
  user_id: number | null;
  user_name: Generated<string>;
  created_at: string;
  updated_at: string;
  /** When its time came and its change was refused; null: not failed. */
  failed_at: string | null;
  /** The refusal's English message. */
  failure: string | null;
  /** The refusal's error code (shared ERROR_CODES), for staff's language. */
  failure_code: string | null;
}

/** Who hears of new leads and supplier applications: one row (id 1), staff only. */
export interface NotificationSettingsTable {
  id: number;
  telegram_leads: string;
  telegram_suppliers: string;
  email_leads: string;
  email_suppliers: string;
  language: string;
  time_zone: string;
  retention_months: Defaulted<number>;
  telegram_bot: Defaulted<string>;
  telegram_sales_chat: Defaulted<string>;
  telegram_chat: Defaulted<string>;
  updated_at: string;
}

/** Each update Telegram sent, stored before it was acknowledged; done once worked through. */
export interface TelegramUpdatesTable {
  /** Telegram's update_id. */
  id: number;
  body: string;
  received_at: string;
  done_at: string | null;
}

/** The bot's one row (id 1): the long polling's offset, a rate limit's "not before". */
export interface TelegramStateTable {
  id: number;
  poll_offset: Defaulted<number>;
  blocked_until: string | null;
}

/** A lead's link to a buyer's Telegram chat. */
export interface LeadChatsTable {
  id: Generated<number>;
  lead_id: number;
  chat_id: string;
  language: string;
  buyer: Defaulted<string>;
  state: Defaulted<'linked' | 'stopped' | 'closed'>;
  sales_chat_id: string | null;
  topic_id: number | null;
  opening_message_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A lead's Telegram conversation, in order, each message with where it is passed on. */
export interface LeadMessagesTable {
  id: Generated<number>;
  lead_id: number | null;
  origin: 'buyer' | 'sales' | 'staff' | 'bot';
  target: 'sales' | 'buyer' | '';
  author_name: Defaulted<string>;
  text: Defaulted<string>;
  chat_id: string;
  source_chat_id: string | null;
  message_id: number | null;
  file_kind: Defaulted<string>;
  file_id: Defaulted<string>;
  file_name: Defaulted<string>;
  file_mime: Defaulted<string>;
  file_size: Defaulted<number>;
  file_path: Defaulted<string>;
  relay: 'pending' | 'sent' | 'failed' | 'none';
  relay_error: Defaulted<string>;
  relayed_message_id: number | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  revisions: RevisionsTable;
  revision_files: RevisionFilesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  attributes: AttributesTable;
  category_attributes: CategoryAttributesTable;
  product_specs: ProductSpecsTable;
  product_related: ProductRelatedTable;
  translation_marks: TranslationMarksTable;
  media: MediaTable;
  documents: DocumentsTable;
  project: ProjectTable;
  leads: LeadsTable;
  suppliers: SuppliersTable;
  notes: NotesTable;
  testimonials: TestimonialsTable;
  clients: ClientsTable;
  settings: SettingsTable;
  publish_builds: PublishBuildsTable;
  publish_triggers: PublishTriggersTable;
  drafts: DraftsTable;
  draft_files: DraftFilesTable;
  server_keys: ServerKeysTable;
  webhook_receipts: WebhookReceiptsTable;
  jobs: JobsTable;
  schedules: SchedulesTable;
  notification_settings: NotificationSettingsTable;
  telegram_updates: TelegramUpdatesTable;
  telegram_state: TelegramStateTable;
  lead_chats: LeadChatsTable;
  lead_messages: LeadMessagesTable;
}

/** The connection or a transaction on it: what every query of a repository runs on. */
export type Executor = Kysely<Database> | Transaction<Database>;
