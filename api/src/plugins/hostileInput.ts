import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  fieldOfPath as fieldName,
  findNonFinite,
  findNul,
  NON_FINITE_REFUSED,
  NUL_REFUSED,
} from '../lib/bodyText.ts';
import { BadRequest } from '../lib/httpErrors.ts';

/** No number of ours may be infinite. */
function refuseNonFinite(request: FastifyRequest): void {
  const field =
    findNonFinite(request.params, 'params') ??
    findNonFinite(request.query, 'query') ??
    findNonFinite(request.body, 'body');
  if (field)
    throw new BadRequest(`${fieldName(field)}: ${NON_FINITE_REFUSED}`, {
      field: fieldName(field),
    });
}

/**
 * Refuses a NUL character anywhere in a request's parameters, query or body (400), on both
 * databases alike: PostgreSQL cannot store one in text (it would answer 500), SQLite would store
 * it and cut strings at it later. No field of ours has a use for one, so one check here covers
 * every route, present and future, instead of a pattern on every string schema.
 *
 * Registered after the multipart plugin, so its fields are in the body by now. A sheet's rows
 * get the same checks (content/sheetRowChecks.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const field =
        findNul(request.params, 'params') ??
        findNul(request.query, 'query') ??
        findNul(request.body, 'body');
      if (field)
        throw new BadRequest(`${fieldName(field)}: ${NUL_REFUSED}`, {
          field: fieldName(field),
        });
      refuseNonFinite(request);
    });
    // Again after validation: Ajv coerces the text "1e400" to Infinity (and lets it through
    // `maximum`), while before it a JSON 1e400 would be coerced to the text "Infinity".
    app.addHook('preHandler', async (request) => refuseNonFinite(request));
  },
  { name: 'hostile-input' },
);
