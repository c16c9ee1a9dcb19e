import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import createError from '@fastify/error';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ERRORS, MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHEET_LIMITS } from '../exports/sheetLimits.ts';
import { BadRequest } from '../lib/httpErrors.ts';

export interface UploadedFile {
  field: string;
  /** The temporary file the part was streamed to; removed when the response is sent. */
  path: string;
  size: number;
  /** The name the client gave the file (its extension is checked against its bytes). */
  filename: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request, in the order they were sent (empty for JSON). */
    uploadedFiles: UploadedFile[];
  }
  interface FastifyContextConfig {
    /**
     * The multipart file fields a route takes. A route without them takes no multipart body at
     * all: it is refused before a byte of it is read.
     */
    fileFields?: readonly string[];
    /** Its files are documents (DOCUMENT_MAX_MB each), not pictures (UPLOAD_MAX_FILE_MB). */
    documentFiles?: boolean;
    /** Its file is a products sheet (XLSX or CSV, SHEET_LIMITS.fileBytes). */
    sheetFiles?: boolean;
  }
}

const FileTooLarge = createError('FST_REQ_FILE_TOO_LARGE', '%s', 413);
const DocumentTooLarge = createError('CONVEYOR_DOCUMENT_TOO_LARGE', '%s', 413);
const SheetTooLarge = createError('CONVEYOR_SHEET_TOO_LARGE', '%s', 413);
const RequestTooLarge = createError('CONVEYOR_REQUEST_TOO_LARGE', '%s', 413);
const NotMultipartRoute = createError(
  'CONVEYOR_MULTIPART_NOT_ACCEPTED',
  'This address takes JSON only, not multipart/form-data',
  415,
);
const UnexpectedFile = createError('CONVEYOR_UNEXPECTED_FILE', '%s: unexpected file', 400);
export const MalformedMultipart = createError(
  'CONVEYOR_MALFORMED_MULTIPART',
  'The multipart/form-data body is malformed',
  400,
);

/** A multipart body: its text fields by name (the route's schema checks them next). */
const isFields = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

const MULTIPART = /^multipart\/form-data\b/i;
/** RFC 2046: a boundary is 1 to 70 characters. Busboy would throw a plain Error without one. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;]{1,70})/i;

/**
 * Multipart bodies, for the routes that take files only (their `config.fileFields`): text
 * fields become the body (validated by the route's schema like JSON, with strings coerced to
 * the schema's types); each file is streamed to a temporary file within the per-file and
 * per-request limits, never held in memory, and handed to the route as `request.uploadedFiles`.
 * Every other route refuses a multipart body in onRequest, before reading it: an anonymous
 * caller cannot make the server read (or buffer) files a route would refuse anyway.
 */
export default fp(
  async (app) => {
    const { maxFileBytes, maxRequestBytes, maxDocumentBytes } = app.config.uploads;
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    // beside the uploads (the same disk), out of memory; emptied as each request ends
    const tmpRoot = join(app.config.dataDir, 'tmp', 'uploads');
    app.decorateRequest('uploadedFiles', null as unknown as UploadedFile[]);

    app.addHook('onRequest', async (request) => {
      request.uploadedFiles = [];
      const type = request.headers['content-type'];
      if (!type || !MULTIPART.test(type)) return;
      if (!request.routeOptions.config.fileFields?.length) throw new NotMultipartRoute();
      if (!BOUNDARY.test(type)) throw new MalformedMultipart();
    });

    const cleanUp = async (request: FastifyRequest) => {
      const files = request.uploadedFiles;
      if (!files?.length) return;
      request.uploadedFiles = [];
      await Promise.all(files.map((file) => rm(file.path, { force: true })));
    };
    app.addHook('onResponse', cleanUp);
    app.addHook('onRequestAbort', cleanUp);

    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: {
        // the larger of the two: a route taking pictures is held to theirs as the file arrives
        fileSize: Math.max(maxFileBytes, maxDocumentBytes, SHEET_LIMITS.fileBytes),
        // Room for a gallery well past its limit, so that the usual mistake (a few images too
        // many) is read whole and answered with "You can upload up to 8 images" by the route,
        // not cut off mid-request with a generic limit error.
        files: 2 * MAX_PRODUCT_IMAGES + 2,
        fields: 200,
        parts: 300,
        fieldSize: 64 * 1024,
      },
      // Streaming the part here (rather than with part.toBuffer()) keeps files out of the body,
      // so the route's schema sees only the text fields, and out of memory.
      async onFile(part: MultipartFile) {
        const allowed = this.routeOptions.config.fileFields ?? [];
        if (!allowed.includes(part.fieldname)) throw new UnexpectedFile(part.fieldname);
        await mkdir(tmpRoot, { recursive: true });
        const file: UploadedFile = {
          field: part.fieldname,
          path: join(tmpRoot, randomUUID()),
          size: 0,
          filename: part.filename ?? '',
        };
        const { documentFiles, sheetFiles } = this.routeOptions.config;
        const fileLimit = documentFiles
          ? maxDocumentBytes
          : sheetFiles
            ? SHEET_LIMITS.fileBytes
            : maxFileBytes;
        const tooLarge = () => {
          const message = `${ERRORS.fileTooLarge} (at most ${mb(fileLimit)})`;
          return documentFiles
            ? new DocumentTooLarge(message)
            : sheetFiles
              ? new SheetTooLarge(message)
              : new FileTooLarge(message);
        };
        // registered before the first byte, so that a failure part-way still removes it
        this.uploadedFiles.push(file);
        let total = this.uploadedFiles.reduce((sum, each) => sum + each.size, 0);
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            file.size += chunk.length;
            total += chunk.length;
            if (file.size > fileLimit) done(tooLarge());
            else if (total > maxRequestBytes) {
              done(
                new RequestTooLarge(
                  `Files are too large together (at most ${mb(maxRequestBytes)})`,
                ),
              );
            } else done(null, chunk);
          },
        });
        // At the parser's own limit (the larger of the two) it stops passing the file on but
        // reads the rest of its part, to the end: fail here at once instead.
        part.file.once('limit', () => count.destroy(tooLarge()));
        await pipeline(part.file, count, createWriteStream(file.path, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge();
      },
    });

    // A list (a product's specs, a document's languages) travels in one text field as JSON:
    // multipart has no shape of its own for it. Parsed before validation, so the schema checks
    // the list as if it had come as JSON; an empty field is an empty list. Added after the plugin, whose own hook puts the fields in the body.
    app.addHook('preValidation', async (request) => {
      if (!MULTIPART.test(request.headers['content-type'] ?? '')) return;
      const body: unknown = request.body;
      const schema = request.routeOptions.schema?.body as
        { properties?: Record<string, { type?: unknown; items?: { type?: unknown } }> } | undefined;
      if (!isFields(body) || !schema?.properties) return;
      for (const [key, property] of Object.entries(schema.properties)) {
        const value = body[key];
        if (property.type !== 'array' || typeof value !== 'string') continue;
        // a list of plain values (a document's languages) may come as repeated fields or as one
        // plain value too, which validation turns into a list
        const json = property.items?.type === 'object' || /^\s*\[/.test(value);
        if (!json && value.trim() !== '') continue;
        try {
          body[key] = value.trim() === '' ? [] : (JSON.parse(value) as unknown);
        } catch {
          throw new BadRequest(`${key}: is not a JSON list`, { field: key });
        }
      }
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
