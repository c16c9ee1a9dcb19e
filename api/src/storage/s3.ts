import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import {
  checkKey,
  contentTypeOf,
  type FileInfo,
  isValidKey,
  type PutSource,
  type S3Settings,
  type Storage,
  type StoredFile,
} from '../lib/storage.ts';

/** The SDK, loaded by the first S3 storage used: a server on the folder driver never loads it. */
type Sdk = typeof S3;

const notFound = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** Uploads in an S3 bucket (AWS, or any S3-compatible service): shared by every API instance. */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly #settings: S3Settings;
  #client: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(settings: S3Settings) {
    this.#settings = settings;
  }

  /** The SDK and the client, made on first use rather than at start: the SDK is large. */
  #connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    const settings = this.#settings;
    this.#client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
        },
        // Since 2025 the SDK adds CRC checksums to every upload by default, sending a streamed
        // body in aws-chunked framing; S3-compatible services that do not know it (older MinIO,
        // several others, s3rver) store the framing as part of the file. Checksums only where an
        // operation requires them: every service stores the bytes sent.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.#client;
  }

  get location(): string {
    const { bucket, endpoint, prefix } = this.#settings;
    return `s3://${bucket}/${prefix}${endpoint ? ` at ${endpoint}` : ''}`;
  }

  #key(key: string): string {
    return this.#settings.prefix + checkKey(key);
  }

  async check(): Promise<void> {
    const { sdk, client } = await this.#connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.#settings.bucket }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'there is no such bucket'
          : status === 403
            ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : (error as Error).message || (error as Error).name;
      throw new Error(`The uploads bucket ${this.location} cannot be used: ${why}`, {
        cause: error,
      });
    }
  }

  async put(key: string, source: PutSource, contentType = contentTypeOf(key)): Promise<void> {
    // A stream's length must be known up front: S3 takes no chunked upload without it.
    const body = Buffer.isBuffer(source)
      ? { Body: source, ContentLength: source.length }
      : { Body: createReadStream(source.file), ContentLength: (await stat(source.file)).size };
    const { sdk, client } = await this.#connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.#settings.bucket,
        Key: this.#key(key),
        ContentType: contentType,
        ...body,
      }),
    );
  }

  async head(key: string): Promise<FileInfo | null> {
    const { sdk, client } = await this.#connect();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.#settings.bucket, Key: this.#key(key) }),
      );
      return info(key, head);
    } catch (error) {
      if (notFound(sdk, error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const { sdk, client } = await this.#connect();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.#settings.bucket, Key: this.#key(key) }),
      );
      // In Node the SDK's body is an http.IncomingMessage: a Readable.
      return { ...info(key, object), body: object.Body as Readable };
    } catch (error) {
      if (notFound(sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    const { sdk, client } = await this.#connect();
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.#settings.bucket, Key: this.#key(key) }),
    );
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    const { bucket, prefix } = this.#settings;
    const { sdk, client } = await this.#connect();
    const pages = sdk.paginateListObjectsV2(
      { client },
      { Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}) },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        // A folder marker (`photos/`) or a name we could not have written is not an upload.
        if (key && isValidKey(key)) yield { key, size: object.Size ?? 0 };
      }
    }
  }

  async close(): Promise<void> {
    if (this.#client) (await this.#client).client.destroy();
  }
}

function info(
  key: string,
  object: { ContentLength?: number; ETag?: string; LastModified?: Date },
): FileInfo {
  return {
    size: object.ContentLength ?? 0,
    // By the name, as the folder driver does, not as stored: an object put into the bucket
    // by other means as text/html must not be served as a page of our origin.
    contentType: contentTypeOf(key),
    etag: object.ETag ?? '',
    lastModified: object.LastModified ?? new Date(0),
  };
}
