import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import type { ObjectStorage } from './object-storage';

type S3Sdk = typeof import('@aws-sdk/client-s3');
type S3Config = NonNullable<AppConfig['s3']>;

/** S3-compatible object storage (AWS, MinIO, R2...): with it the app process keeps no files of its own. */
export function s3Storage(config: S3Config): ObjectStorage {
  // The SDK is loaded on the first upload, not at start: most instances serve many pages before one.
  let sdk: Promise<{ client: S3Client; commands: S3Sdk }> | undefined;
  const connect = () => {
    sdk ??= import('@aws-sdk/client-s3').then((commands) => ({
      client: clientFor(commands, config),
      commands,
    }));
    return sdk;
  };
  const prefix = `${config.publicUrl}/`;
  return {
    async put(key, body, contentType) {
      const { client, commands } = await connect();
      await client.send(
        new commands.PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(key) {
      const { client, commands } = await connect();
      await client.send(new commands.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicUrl: (key) => `${prefix}${key}`,
    keyOf: (url) => (url.startsWith(prefix) ? url.slice(prefix.length) : undefined),
  };
}

function clientFor(sdk: S3Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Most S3-compatible servers address buckets by path, not by subdomain.
    forcePathStyle: Boolean(config.endpoint),
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}
