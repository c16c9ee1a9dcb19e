import { ERRORS } from '@conveyor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/dbErrors.ts';
import { BadRequest, Conflict } from '../../lib/httpErrors.ts';
import type { CheckedDocument } from '../../lib/documentStore.ts';
import type { CheckedImage } from '../../lib/imageStore.ts';
import type { Body, Crud } from '../../content/definition.ts';

export interface CheckedFiles {
  /** The record's one file: a picture, or a document when the resource's file is one. */
  image?: CheckedImage | CheckedDocument;
  gallery: CheckedImage[];
}

const isDocument = (file: CheckedImage | CheckedDocument): file is CheckedDocument =>
  'extension' in file;

/** Sorts a request's files into the resource's fields and checks every one of them. */
export async function checkFiles(
  app: FastifyInstance,
  def: Crud,
  request: FastifyRequest,
): Promise<CheckedFiles> {
  const files: CheckedFiles = { gallery: [] };
  const uploaded = request.uploadedFiles;
  if (!uploaded.length) return files;
  // counted before any file is decoded: a request that cannot succeed costs no image work
  const galleryCount = uploaded.filter((file) => file.field === def.gallery?.field).length;
  if (def.gallery && galleryCount > def.gallery.max)
    throw new BadRequest(ERRORS.tooManyImages, { code: 'images.tooMany' });
  const checked = await Promise.all(
    uploaded.map((file) =>
      def.image?.document && file.field === def.image.field
        ? app.documents.check(file)
        : app.images.check(file.path),
    ),
  );
  uploaded.forEach((file, index) => {
    const image = checked[index]!;
    if (def.image && file.field === def.image.field && !files.image) files.image = image;
    else if (def.gallery && file.field === def.gallery.field && !isDocument(image))
      files.gallery.push(image);
    else
      throw new BadRequest(`${file.field}: unexpected file`, {
        code: 'unexpectedFile',
        field: file.field,
      });
  });
  return files;
}

/**
 * Stores the new files before the transaction, so that no slow work holds it open; the
 * image's path goes into `values`.
 */
export async function saveFiles(
  app: FastifyInstance,
  def: Crud,
  files: CheckedFiles,
  values: Body,
) {
  const written: string[] = [];
  const gallery: string[] = [];
  try {
    if (files.image && def.image) {
      const path = isDocument(files.image)
        ? await app.documents.save(files.image)
        : await app.images.save(def.name, files.image);
      values[def.image.column] = path;
      written.push(path);
    }
    for (const image of files.gallery) {
      const path = await app.images.save(def.name, image);
      written.push(path);
      gallery.push(path);
    }
  } catch (error) {
    await app.images.remove(written);
    throw error;
  }
  return { written, gallery };
}

/** Runs a write; if it fails, the files stored for it are removed again. */
export async function orRemove<R>(
  app: FastifyInstance,
  written: string[],
  work: () => Promise<R>,
): Promise<R> {
  try {
    return await work();
  } catch (error) {
    await app.images.remove(written);
    if (isForeignKeyViolation(error))
      throw new BadRequest('A referenced record does not exist', { code: 'referenceMissing' });
    if (isUniqueViolation(error)) throw new Conflict('A record with these values already exists');
    throw error;
  }
}

/** The stored image file a record names, if it has one. */
export function imageOf(def: Crud, record: Body): string | null {
  const path = def.image ? record[def.image.column] : null;
  return typeof path === 'string' ? path : null;
}
