import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_FORMATS,
  DOCUMENT_SNIFF_BYTES,
  type DocumentFormat,
  documentFormat,
  documentKey,
  ERRORS,
  extensionOf,
  safeDocumentName,
} from '@conveyor/shared';
import { ApiError } from './httpErrors.ts';
import type { Storage } from './storage.ts';

/** An uploaded document, checked: its temporary file, what it is, and the name it keeps. */
export interface CheckedDocument {
  /** The temporary file holding its bytes. */
  data: string;
  format: DocumentFormat;
  /** The extension it is stored with: the uploaded one when it fits the format. */
  extension: string;
  /** Its safe name, without the extension (shared safeDocumentName). */
  name: string;
  size: number;
}

/** Reads the first bytes of a file. */
async function headOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(DOCUMENT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Documents (datasheets, manuals, drawings) as uploads: accepted by their bytes (PDF, DWG,
 * DXF, STEP, ZIP), never by the name or type a browser sends, and refused when the name's
 * extension says another format than the bytes (a drawing.dwg that is a PDF, a setup.exe
 * renamed .pdf). Stored as they are, under a key that names their size and safe file name.
 */
export class DocumentStore {
  readonly storage: Storage;

  constructor(storage: Storage) {
    this.storage = storage;
  }

  async check(file: { path: string; size: number; filename: string; field: string }) {
    const format = documentFormat(await headOf(file.path));
    if (!format)
      throw new ApiError(415, 'documents.unsupported', ERRORS.documentFormat, file.field);
    const allowed: readonly string[] = DOCUMENT_FORMATS[format];
    const extension = extensionOf(file.filename);
    if (extension && !allowed.includes(extension)) {
      throw new ApiError(
        400,
        'documents.extensionMismatch',
        `${file.field}: the name says .${extension}, but the file is ${format.toUpperCase()}`,
        file.field,
      );
    }
    return {
      data: file.path,
      format,
      extension: extension || allowed[0]!,
      name: safeDocumentName(file.filename),
      size: file.size,
    } satisfies CheckedDocument;
  }

  /** Stores a checked document (streamed from its temporary file); answers its key. */
  async save(document: CheckedDocument): Promise<string> {
    const key = documentKey(randomUUID(), document.size, document.name, document.extension);
    await this.storage.put(key, { file: document.data }, DOCUMENT_CONTENT_TYPES[document.format]);
    return key;
  }
}
