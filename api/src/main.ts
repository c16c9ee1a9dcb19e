import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { loadConfig, siteUrlProblem } from './config.ts';
import { adminSteps, startAdminBuild } from './lib/adminBuild.ts';

// The server, loaded by server.ts once the process is tuned: builds the back office beside its
// start when asked (npm start), creates the app, seeds demo content into a database this start
// created, listens, and closes gracefully on SIGINT/SIGTERM: requests in flight finish, then the
// database is closed.

const config = loadConfig();
// First thing, before the app's modules load: the build then runs while the server loads,
// migrates, seeds and builds the site, none of which needs it.
const adminBuild =
  config.serveFrontends && config.adminBuildAtStart
    ? startAdminBuild(adminSteps(config.adminInstallAtStart))
    : undefined;
// A first start of the demo on SQLite (no database file yet): its pictures are drawn by a
// process of their own while this one loads the app and migrates (seed/drawApart.ts says why).
const drawn =
  config.seedDemo && config.seedPictures && !config.databaseUrl && !existsSync(config.sqliteFile)
    ? (await import('./db/seed/drawApart.ts')).drawApart()
    : undefined;
// its failure is the seed's to report (or nobody's, if this start turns out not to seed)
drawn?.catch(() => undefined);
const { buildApp } = await import('./app.ts');
const app = await buildApp(config, { adminBuild });

if (app.databaseCreated && config.seedDemo) {
  // the demo catalogue's module only when it is seeded: a later start never loads it
  const { seedDemo } = await import('./db/seed/index.ts');
  const counts = await seedDemo(app.db, app.images, app.log, {
    drawn,
    pictures: config.seedPictures,
  });
  app.log.info(counts, 'demo content seeded');
}

// Errors by close-with-grace; signals here. Ctrl+C in a console signals every process of the
// foreground group at once, and a launcher on the way (npm) passes it on as well: the same
// SIGINT arrives two or three times within a moment. Those copies are ignored; another one later
// (a second Ctrl+C while requests drain) exits at once.
const graceful = closeWithGrace({ delay: 10_000, skip: ['SIGINT', 'SIGTERM'] }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  adminBuild?.stop();
  await app.close();
});
let stoppingSince = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stoppingSince) {
      stoppingSince = Date.now();
      app.log.info({ signal }, 'shutting down');
      void graceful.close();
    } else if (Date.now() - stoppingSince > 1000) {
      app.log.warn({ signal }, 'asked again: exiting without waiting');
      process.exit(130);
    }
  });
}

const address = await app.listen({ host: config.host, port: config.port });
// For the person who ran `npm start`: where to go, in plain words next to the JSON log.
console.log(
  `\n  Conveyor catalogue: ${address}/  (back office: ${address}/admin, sign-in: ${address}/auth/login)\n` +
    `  API: ${address}/api  (docs: ${address}/api/docs)\n` +
    `  Database: ${app.db.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL (DATABASE_URL)'}\n` +
    `  Admin sign-in: user name "${config.admin.userName}", password from ADMIN_PASSWORD or the one printed when the account was created.\n`,
);
const siteProblem = siteUrlProblem(config);
if (siteProblem) console.warn(`  WARNING: ${siteProblem}\n`);
