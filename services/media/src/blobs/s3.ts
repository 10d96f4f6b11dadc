import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type _Object } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Options } from '../options';
import { assertSafeKey, assertSafePrefix, isSafeKey } from './keys';
import type { BlobInfo, BlobStore } from './types';

export const s3ClientOf = (options: S3Options): S3Client =>
  new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

const infoOf = (object: _Object): BlobInfo => ({ key: object.Key!, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });

/** Blobs in an S3-compatible bucket (AWS, MinIO, R2…); browsers post to it with a presigned POST. */
export function s3BlobStore(options: S3Options, client: S3Client = s3ClientOf(options)): BlobStore {
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from(await answer.Body!.transformToByteArray());
        return {
          bytes,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size: bytes.length,
          lastModified: answer.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const found: BlobInfo[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        found.push(...(page.Contents ?? []).filter((o) => o.Key).map(infoOf));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    presignedPost({ key, contentType, maxBytes, expiresInSeconds }) {
      return createPresignedPost(client, {
        Bucket,
        Key: assertSafeKey(key),
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresInSeconds,
      });
    },
    async close() {
      client.destroy();
    },
  };
}
