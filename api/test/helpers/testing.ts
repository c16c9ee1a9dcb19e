// `@conveyor/api/testing`: what other packages' tests use to run the real API (the back
// office's provider tests start it on a fresh database and talk to it over HTTP).
export { ADMIN, startApi, type TestApi } from './api.ts';
export { file, jpeg, png } from './images.ts';
export { startReceiver, startSmtp, startTelegram } from './standIns.ts';
export { rowXml, sharedStringsXml, sheetOfRows, sheetXml, workbookOf, zipBomb } from './sheets.ts';
