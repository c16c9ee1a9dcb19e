import createError from '@fastify/error';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ERRORS, MAX_PRODUCT_IMAGES } from '@conveyor/shared';
import fp from 'fastify-plugin';

export interface UploadedFile {
  field: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request, in the order they were sent (empty for JSON). */
    uploadedFiles: UploadedFile[];
  }
}

const FileTooLarge = createError('FST_REQ_FILE_TOO_LARGE', '%s', 413);
const RequestTooLarge = createError('CONVEYOR_REQUEST_TOO_LARGE', '%s', 413);

/**
 * Multipart bodies: text fields become the body (validated by the route's schema like JSON,
 * with strings coerced to the schema's types); files are read into memory, within the per-file
 * and per-request limits, and handed to the route as `request.uploadedFiles`.
 */
export default fp(
  async (app) => {
    const { maxFileBytes, maxRequestBytes } = app.config.uploads;
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    app.decorateRequest('uploadedFiles', null as unknown as UploadedFile[]);
    app.addHook('onRequest', async (request) => {
      request.uploadedFiles = [];
    });

    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: {
        fileSize: maxFileBytes,
        // Room for a gallery well past its limit, so that the usual mistake (a few images too
        // many) is read whole and answered with "You can upload up to 8 images" by the route,
        // not cut off mid-request with a generic limit error.
        files: 2 * MAX_PRODUCT_IMAGES + 2,
        fields: 200,
        parts: 300,
        fieldSize: 64 * 1024,
      },
      // Reading the stream here (rather than with part.toBuffer()) keeps files out of the body,
      // so the route's schema sees only the text fields.
      async onFile(part: MultipartFile) {
        const chunks: Buffer[] = [];
        let size = this.uploadedFiles.reduce((sum, file) => sum + file.data.length, 0);
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > maxRequestBytes) {
            throw new RequestTooLarge(
              `Files are too large together (at most ${mb(maxRequestBytes)})`,
            );
          }
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) {
          throw new FileTooLarge(`${ERRORS.fileTooLarge} (at most ${mb(maxFileBytes)})`);
        }
        this.uploadedFiles.push({ field: part.fieldname, data: Buffer.concat(chunks) });
      },
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
