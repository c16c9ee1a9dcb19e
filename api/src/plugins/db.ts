import fp from 'fastify-plugin';
import { connect, type Db } from '../db/connect.ts';
import { FIRST_MIGRATION, migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** True when this start created the database (the first migration ran just now). */
    databaseCreated: boolean;
  }
}

/** Opens the database (SQLite by default, PostgreSQL when DATABASE_URL says so), migrates it. */
export default fp(
  async (app) => {
    const db = connect({
      databaseUrl: app.config.databaseUrl,
      sqliteFile: app.config.sqliteFile,
      sqliteSynchronous: app.config.sqliteSynchronous,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection failed'),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
      app.log.info('database closed');
    });
    const applied = await migrateToLatest(db.kysely);
    app.decorate('databaseCreated', applied.includes(FIRST_MIGRATION));
    app.log.info(
      // a new database runs every migration: their number, not a line of thirty names
      app.databaseCreated
        ? { dialect: db.dialect, migrations: applied.length, latest: applied.at(-1) }
        : { dialect: db.dialect, migrations: applied },
      applied.length ? 'database migrated' : 'database schema up to date',
    );
  },
  { name: 'db', dependencies: ['config'] },
);
