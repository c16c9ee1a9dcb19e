import type { Kysely } from 'kysely';

// Frozen in time, like every migration. Each picture of a product's gallery carries an
// alternative text in each language (empty: the site makes one of the product's name and the
// picture's place).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no app types
type Db = Kysely<any>;

const LANGUAGES = ['uz', 'ru', 'en'] as const;

export async function up(db: Db): Promise<void> {
  for (const lang of LANGUAGES) {
    await db.schema
      .alterTable('product_images')
      .addColumn(`alt_${lang}`, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const lang of LANGUAGES) {
    await db.schema.alterTable('product_images').dropColumn(`alt_${lang}`).execute();
  }
}
