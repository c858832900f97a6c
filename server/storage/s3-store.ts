import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidObjectKey, type ObjectInfo, type S3ObjectStore } from './object-store.ts';

export interface S3StoreOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Presigned URLs may live at most 7 days in SigV4. */
const maxPresignSeconds = 7 * 24 * 60 * 60;

/**
 * S3-compatible storage. The bucket stays private: staff read through presigned GETs and the
 * browser writes through a presigned PUT bound to one key and one content type.
 */
export function createS3Store(options: S3StoreOptions): S3ObjectStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Newer SDKs add CRC32 checksums to every PUT by default; presigned browser PUTs and
    // S3-compatible services (MinIO, s3rver, …) do not send or understand them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const ttl = (seconds: number) => Math.min(maxPresignSeconds, Math.max(1, Math.floor(seconds)));

  return {
    kind: 's3',
    client,

    async put(key, body, contentType) {
      assertValidObjectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async get(key) {
      assertValidObjectKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        const body = Buffer.from(await result.Body.transformToByteArray());
        return { body, contentType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidObjectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async signedReadUrl(key, ttlSeconds) {
      assertValidObjectKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: `attachment; filename="${key.split('/').pop() ?? 'fil'}"`,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: ttl(ttlSeconds) },
      );
    },

    async presignedPutUrl(key, contentType, ttlSeconds) {
      assertValidObjectKey(key);
      // ContentType is part of the signature: the PUT must send exactly this type.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: ttl(ttlSeconds),
        // Without this the presigner leaves Content-Type unsigned and any type could be PUT.
        signableHeaders: new Set(['content-type']),
      });
    },

    async head(key): Promise<ObjectInfo | null> {
      assertValidObjectKey(key);
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: result.ContentLength ?? 0,
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readStart(key, bytes) {
      assertValidObjectKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${Math.max(0, bytes - 1)}` }),
        );
        if (!result.Body) return null;
        return Buffer.from(await result.Body.transformToByteArray()).subarray(0, bytes);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
