import {
  documentBodies,
  DOCUMENT_OWNERS,
  type DocumentOwnerColumn,
  documentOwners,
  documentSchema,
  ERRORS,
} from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import { publicDocument } from '../../content/documents.ts';
import { lockOwner } from '../../db/repositories/locks.ts';
import { categories, documents, products, project } from '../../db/repositories/tables.ts';
import { ApiError, BadRequest } from '../../lib/httpErrors.ts';
import { columnValues, registerCrud } from '../crud/index.ts';

/** The one owner a document's values name, or a 400 when they name none or several. */
function ownerOf(values: Record<string, unknown>): { column: DocumentOwnerColumn; id: number } {
  const [column, ...more] = documentOwners(values);
  if (!column || more.length) {
    throw new BadRequest(ERRORS.documentOwner, { code: 'documents.oneOwner', field: 'product_id' });
  }
  return { column, id: values[column] as number };
}

/**
 * Documents and drawings of products, projects and categories (docs/documents.md). The file
 * is the resource's one file (registry `image` with `document`): checked by its bytes, kept
 * by drafts, revisions, the trash and backups as a picture is.
 */
export default async function documentRoutes(app: FastifyInstance) {
  const max = app.config.uploads.documentsPerRecord;
  registerCrud(app, {
    name: 'documents',
    repo: documents,
    record: documentSchema,
    bodies: documentBodies,
    references: [
      { field: 'product_id', repo: products, what: 'product' },
      { field: 'project_id', repo: project, what: 'project' },
      { field: 'category_id', repo: categories, what: 'category' },
    ],
    hooks: {
      // before the write: what it belongs to, as the record will be
      prepare(_ctx, body, existing) {
        const values = columnValues({ repo: documents, name: 'documents' }, body);
        ownerOf({ ...existing, ...values });
        return values;
      },
      // On the record as written, by whichever path (a create, a save, a draft, a schedule, a
      // restore): one owner, at most `max` documents of it, and a file unless it is given on
      // request. The owner's row is held first, so that writes of its documents at the same
      // moment count one after the other (lockOwner). A refusal undoes the write and removes
      // the file it stored.
      async checkWritten(db, record) {
        const owner = ownerOf(record);
        await lockOwner(db, DOCUMENT_OWNERS[owner.column], owner.id);
        const count = await documents.count(db, {
          filters: { [owner.column]: owner.id },
          activeOnly: false,
        });
        if (count > max) {
          throw new BadRequest(`A record may have at most ${max} documents`, {
            code: 'documents.tooMany',
            field: owner.column,
          });
        }
        if (!record.file && !record.on_request) {
          throw new ApiError(
            400,
            'documents.fileRequired',
            'file: upload the document, or mark it on_request',
            'file',
          );
        }
      },
      // an "on request" document is not handed out: anonymous readers get no file of it
      publicView: publicDocument,
    },
  });
}
