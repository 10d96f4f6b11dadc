/** A stored object's bytes and what they are. */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
  size: number;
  lastModified: Date;
}

export interface BlobInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/** What a browser needs to post one object straight to the store (S3's POST policy). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface PresignedPostRequest {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

/**
 * Where object bytes live (docs/media-api.md, "Blob port"). Keys are ours (`merchants/m1/uploads/….png`),
 * yet every adapter refuses an unsafe one: a key is a path on disk or in a bucket.
 */
export interface BlobStore {
  kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** undefined when nothing is stored at the key (or the key is unsafe). */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Every object whose key starts with the prefix, by key. */
  list(prefix: string): Promise<BlobInfo[]>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Stores that browsers can post to directly (S3); the local store has none. */
  presignedPost?(request: PresignedPostRequest): Promise<PresignedPost>;
  close?(): Promise<void>;
}
