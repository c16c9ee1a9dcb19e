// `@conveyor/api/testing`: what other packages' tests use to run the real API (the back
// office's provider tests start it on a fresh database and talk to it over HTTP).
export { ADMIN, startApi, type TestApi } from './api.ts';
export { createPostgresDatabase } from './database.ts';
export { file, jpeg, png } from './images.ts';
export { startBotApi, startReceiver, startSmtp, startTelegram } from './standIns.ts';
// the secret Telegram sends the webhook, for browser tests that post updates as Telegram would
export { webhookSecret } from '../../src/telegram/payload.ts';
// the browser tests' server turns buyers' chats on before its first build
export { updateNotificationSettings } from '../../src/db/repositories/notificationSettings.ts';
export { rowXml, sharedStringsXml, sheetOfRows, sheetXml, workbookOf, zipBomb } from './sheets.ts';
