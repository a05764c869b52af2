import { join } from 'node:path';
import type { AppConfig } from '../config';
import { folderStorage } from './folder-storage';
import type { ObjectStorage } from './object-storage';
import { s3Storage } from './s3-storage';

export type { ObjectStorage } from './object-storage';

/** S3 when a bucket is configured, else `DATA_DIR/uploads`. */
export function createStorage(config: AppConfig): ObjectStorage {
  return config.s3 ? s3Storage(config.s3) : folderStorage(join(config.dataDir, 'uploads'));
}
