/**
 * Where uploaded files live: one small interface, two real implementations — a
 * folder under DATA_DIR (the embedded default) and S3-compatible object storage. Keys are
 * content-hashed, so an object never changes and can be cached forever.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The address a browser reads the object from. */
  publicUrl(key: string): string;
  /** The key behind a public URL this storage gave out, or undefined for any other URL. */
  keyOf(url: string): string | undefined;
}
