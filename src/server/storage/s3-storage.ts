import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import type { ObjectStorage } from './object-storage';

/** S3-compatible object storage (AWS, MinIO, R2...): with it the app process keeps no files of its own. */
export function s3Storage(config: NonNullable<AppConfig['s3']>): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Most S3-compatible servers address buckets by path, not by subdomain.
    forcePathStyle: Boolean(config.endpoint),
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const prefix = `${config.publicUrl}/`;
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicUrl: (key) => `${prefix}${key}`,
    keyOf: (url) => (url.startsWith(prefix) ? url.slice(prefix.length) : undefined),
  };
}
