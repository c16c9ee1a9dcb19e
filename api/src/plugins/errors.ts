import { type ErrorCode, ERRORS } from '@conveyor/shared';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isConcurrencyConflict } from '../lib/dbErrors.ts';
import { ApiError } from '../lib/httpErrors.ts';
import { describeValidation } from '../lib/validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers an unknown page with the site's 404 page, when the frontends plugin has one. */
    notFoundPage: ((reply: FastifyReply) => void) | null;
  }
}

/** Texts for the framework's and plugins' own 4xx errors, which we answer in our words. */
const CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON or multipart/form-data',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_REQ_FILE_TOO_LARGE: ERRORS.fileTooLarge,
  // no resource takes more files than a product's gallery: the limit is that one
  FST_FILES_LIMIT: ERRORS.tooManyImages,
  FST_PARTS_LIMIT: 'Too many form fields in one request',
  FST_FIELDS_LIMIT: 'Too many form fields in one request',
  FST_PROTO_VIOLATION: 'Invalid form field name',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart',
};

/** Messages of @fastify/busboy (the multipart parser) about a body that is not well formed. */
const BROKEN_MULTIPART =
  /multipart data|Boundary not found|Malformed part header|Unexpected end of form|Part terminated early/i;

/** Plugins' errors whose status says less than ours: too many files is a rule, not a size. */
const CODE_STATUSES: Record<string, number> = { FST_FILES_LIMIT: 400 };

/** The stable codes (ERROR_CODES) of the framework's, the plugins' and our own named errors. */
const ERROR_CODE_OF: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMedia',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badRequest',
  FST_ERR_CTP_INVALID_JSON_BODY: 'badRequest',
  FST_REQ_FILE_TOO_LARGE: 'images.fileTooLarge',
  FST_FILES_LIMIT: 'images.tooMany',
  FST_PARTS_LIMIT: 'badRequest',
  FST_FIELDS_LIMIT: 'badRequest',
  FST_PROTO_VIOLATION: 'badRequest',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupportedMedia',
  CONVEYOR_RATE_LIMITED: 'rateLimited',
  CONVEYOR_UNSUPPORTED_IMAGE: 'images.onlyJpegPng',
  CONVEYOR_IMAGE_TOO_LARGE: 'images.tooManyPixels',
  CONVEYOR_UNREADABLE_IMAGE: 'images.unreadable',
  CONVEYOR_DOCUMENT_TOO_LARGE: 'documents.fileTooLarge',
  CONVEYOR_SHEET_TOO_LARGE: 'products.sheetTooLarge',
  CONVEYOR_REQUEST_TOO_LARGE: 'payloadTooLarge',
  CONVEYOR_MULTIPART_NOT_ACCEPTED: 'unsupportedMedia',
  CONVEYOR_UNEXPECTED_FILE: 'unexpectedFile',
  CONVEYOR_MALFORMED_MULTIPART: 'badRequest',
};

/** The code of an error nobody named: what its status says. */
const ERROR_CODE_OF_STATUS: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMedia',
  429: 'rateLimited',
};

function errorCodeOf(error: FastifyError, status: number): ErrorCode {
  if (error instanceof ApiError) return error.errorCode;
  return (
    (error.code && ERROR_CODE_OF[error.code]) ||
    ERROR_CODE_OF_STATUS[status] ||
    (status >= 500 ? 'server' : 'badRequest')
  );
}

/**
 * Every error leaves as `{ error, code }` (and `field` where one is at fault): 4xx with an
 * English message for API clients and the stable code the back office translates, 5xx as
 * `Server error!` with the details only in the log.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const { message, field } = describeValidation(error.validation, error.validationContext);
        return reply.status(400).send({ error: message, code: 'validation', field });
      }
      // The multipart parser's own errors about a broken body are plain Errors (no status):
      // the client sent them, so they are a 400, not a 500.
      if (!error.statusCode && !error.code && BROKEN_MULTIPART.test(error.message)) {
        return reply
          .status(400)
          .send({ error: 'The multipart/form-data body is malformed', code: 'badRequest' });
      }
      // Two transactions that ran into each other: the database rolled one back whole, so
      // nothing of this request was kept and sending it again succeeds. A 409 that says so,
      // rather than a retry here: the transactions are opened in some thirty places, several
      // around files written to storage or answers already computed, and no one wrapper
      // could know which are safe to run twice; the client, who knows what it sent, can.
      if (isConcurrencyConflict(error)) {
        request.log.warn({ err: error }, 'request gave way to a concurrent transaction');
        return reply.status(409).send({ error: ERRORS.concurrentChange, code: 'concurrentChange' });
      }
      const status =
        (error.code && CODE_STATUSES[error.code]) ||
        (error.statusCode && error.statusCode >= 400 ? error.statusCode : 500);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ error: ERRORS.server, code: 'server' });
      }
      if (
        status === 400 &&
        (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      ) {
        return reply
          .status(400)
          .send({ error: 'Request body is not valid JSON', code: 'badRequest' });
      }
      const message = (error.code && CODE_MESSAGES[error.code]) || error.message || 'Bad request';
      const field = error instanceof ApiError ? error.field : undefined;
      return reply
        .status(status)
        .send({ error: message, code: errorCodeOf(error, status), ...(field ? { field } : {}) });
    });

    // The frontends plugin may give unknown pages (not /api, not files) the site's 404 page.
    app.decorate('notFoundPage', null);
    // Answers by sending, returning nothing: a returned reply (a thenable) would be awaited.
    app.setNotFoundHandler((request, reply) => {
      if (app.notFoundPage && request.method === 'GET' && !request.url.startsWith('/api/')) {
        app.notFoundPage(reply);
      } else {
        reply.status(404).send({ error: ERRORS.notFound, code: 'notFound' });
      }
    });
  },
  { name: 'errors' },
);
