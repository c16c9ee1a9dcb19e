// The API on a fresh temporary database, serving the built admin under /admin and at
// /auth/login (and site/dist at /) as `npm start` does, for the browser tests. The data folder is removed on exit.
//
//   PORT (8181)  SEED_DEMO (true)  SEED_PICTURES (true: the demo's pictures too)
//   ADMIN_PASSWORD (admin-password-1)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@conveyor/api/app';
import { loadConfig } from '@conveyor/api/config';
import { seedDemo } from '@conveyor/api/seed';
import { startBotApi, updateNotificationSettings } from '@conveyor/api/testing';
import { PENDING_PICTURES } from '@conveyor/shared';
import { breakBuildMarker, siteRootFile } from './build-marker.ts';
import { startThumbnails } from './thumbnails.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'conveyor-e2e-'));
// New leads, and buyers' chats, go to a local stand-in of the Telegram Bot API (no test reaches
// the internet).
const telegram = await startBotApi();
// The site's builds take videos' thumbnails from a local stand-in of YouTube's picture host.
const thumbnails = await startThumbnails();
process.env.YOUTUBE_THUMBNAIL_URL = thumbnails.url;
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: Number(process.env.PORT ?? 8181),
  HOST: '127.0.0.1',
  ADMIN_USER: 'admin',
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'admin-password-1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SIGNIN_RATE_LIMIT: 1000,
  SIGNIN_IP_RATE_LIMIT: 1000,
  FORM_RATE_LIMIT: 1000,
  SERVE_FRONTENDS: true,
  // The site is rebuilt after saves, as under `npm start`, with short windows for the tests.
  PUBLISH_ENABLED: process.env.PUBLISH_ENABLED ?? true,
  PUBLISH_DEBOUNCE_MS: 500,
  PUBLISH_MAX_WAIT_MS: 3000,
  TELEGRAM_BOT_TOKEN: 'e2e:token',
  TELEGRAM_API_URL: telegram.url,
  // buyers' chats by webhook, which the stand-in takes (the tests turn chats on)
  TELEGRAM_WEBHOOK_URL: `http://127.0.0.1:${process.env.PORT ?? 8181}/api/telegram/webhook`,
});
// A test can make the next builds fail, as an API that is down during a build would, by
// creating this file (see breakBuildMarker); the live release must stay served meanwhile. The
// command is read at each build: while the file exists, one that fails; otherwise the bundled
// build, which runs in the warm worker as under `npm start` (a changed command runs cold).
const marker = breakBuildMarker(config.port);
rmSync(marker, { force: true });
const bundledBuild = config.publish.command;
Object.defineProperty(config.publish, 'command', {
  get: () => (existsSync(marker) ? "echo 'the test broke this build' >&2; exit 1" : bundledBuild),
});
const app = await buildApp(config);
if (process.env.SEED_DEMO !== 'false') {
  await seedDemo(app.db, app.images, app.log, {
    pictures: process.env.SEED_PICTURES !== 'false',
  });
}

// Buyers' chats with the bot are on from the start, so the first release's product pages link to
// it ("Ask in Telegram") and a sent request offers to carry it on there; set before the first
// build, they start no rebuild of their own while the tests run.
await updateNotificationSettings(app.db.kysely, {
  telegram_bot: 'ConveyorE2EBot',
  telegram_sales_chat: '-1001',
  telegram_chat: 'webhook',
});

const stop = async () => {
  await app.close();
  await telegram.close();
  await thumbnails.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(marker, { force: true });
  rmSync(siteRootFile(config.port), { force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ host: config.host, port: config.port });
console.log(`e2e server on http://127.0.0.1:${config.port} (data in ${dataDir})`);
// Where the site's releases are, for the test of a first release whose pictures are still being
// encoded (site/e2e/pictures.spec.ts)
writeFileSync(siteRootFile(config.port), config.publish.siteRoot);
// The site's browser tests start on the whole first release, pictures included (it goes live
// with its pages, before its pictures: api/src/publish/siteBuilder.ts): they wait for this line.
const current = join(config.publish.siteRoot, 'current');
while (
  config.publish.mode === 'runner' &&
  !(existsSync(join(current, 'index.html')) && !existsSync(join(current, PENDING_PICTURES)))
) {
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log('e2e site published');
