import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ObjectStorage } from './object-storage';

export const UPLOADS_PATH = '/uploads/';
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** Files in a folder under DATA_DIR, served by the app at /uploads/ with immutable caching. */
export function folderStorage(root: string): ObjectStorage & { root: string } {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return join(base, key);
  };
  return {
    root: base,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl: (key) => `${UPLOADS_PATH}${key}`,
    keyOf: (url) => {
      if (!url.startsWith(UPLOADS_PATH)) return undefined;
      const key = url.slice(UPLOADS_PATH.length);
      return SAFE_KEY.test(key) && !key.includes('..') ? key : undefined;
    },
  };
}
