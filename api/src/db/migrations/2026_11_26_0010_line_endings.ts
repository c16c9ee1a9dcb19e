import { type Kysely, sql } from 'kysely';

// Frozen in time, like every migration. Text is kept with LF line breaks only: the
// API now turns CRLF and a lone CR into LF as text enters, and this turns the text already
// stored so, once. Before, a record saved from the back office with files (multipart, where
// browsers send a textarea's breaks as CRLF) held CRLF, and its next save as JSON (LF) listed
// every multi-line field as changed. Only the line breaks change: no timestamp, no revision.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

/** The tables whose text staff or visitors write. */
const TABLES = [
  'categories',
  'products',
  'media',
  'project',
  'testimonials',
  'clients',
  'leads',
  'suppliers',
  'notes',
  'settings',
];

export async function up(db: Db): Promise<void> {
  const tables = await db.introspection.getTables();
  for (const table of tables.filter((each) => TABLES.includes(each.name))) {
    const texts = table.columns.filter((column) => /text|char/i.test(column.dataType));
    for (const column of texts) {
      const ref = sql.ref(column.name);
      await db
        .updateTable(table.name)
        .set({ [column.name]: sql`replace(replace(${ref}, ${'\r\n'}, ${'\n'}), ${'\r'}, ${'\n'})` })
        .where(ref, 'like', '%\r%')
        .execute();
    }
  }
}

export async function down(): Promise<void> {
  // nothing to undo: LF is what the text meant
}
