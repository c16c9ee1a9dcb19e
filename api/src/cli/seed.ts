import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedBulkProducts, seedDemo } from '../db/seed/index.ts';

// `pnpm seed` fills the configured database with the demo content when it holds no catalogue
// yet (the start command does this on first run by itself); `--bulk N` then adds N more
// products without pictures, for load tests.

const { values } = parseArgs({
  options: { bulk: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log('usage: pnpm seed [--bulk <number of extra products>]');
  process.exit(0);
}
const bulk = values.bulk === undefined ? 0 : Number(values.bulk);
if (!Number.isInteger(bulk) || bulk < 0) {
  console.error('--bulk takes a whole number of products');
  process.exit(2);
}

const app = await buildApp(loadConfig({ SEED_DEMO: false }));
try {
  const { count } = await app.db.kysely
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) === 0) {
    console.log('seeded demo content:', await seedDemo(app.db, app.images, app.log));
  } else {
    console.log(`the database already holds ${count} categories: demo content left as it is`);
  }
  if (bulk > 0) {
    await app.db.kysely.transaction().execute((trx) => seedBulkProducts(trx, bulk));
    console.log(`added ${bulk} products`);
  }
} finally {
  await app.close();
}
