import fp from 'fastify-plugin';
import { normaliseBodyText } from '../lib/bodyText.ts';

/**
 * Text enters with LF line breaks only, JSON and multipart alike (`normaliseBodyText`): the back
 * office saves a record with files as multipart/form-data, where browsers send every textarea's
 * breaks as CRLF, and a JSON save sends LF; without this each save rewrote every multi-line
 * field, and History listed fields nobody edited. Before validation, so that limits count the
 * text as stored. Registered after the multipart plugin, so its fields are in the body by now.
 * A sheet's rows get the same (content/sheetRowChecks.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      normaliseBodyText(request.body);
    });
  },
  { name: 'text-input' },
);
