import path from 'node:path';
import type { MediaOptions } from '../options';
import { localBlobStore } from './local';
import { s3BlobStore } from './s3';
import type { BlobStore } from './types';

export type { StoredBlob, BlobInfo, BlobStore, PresignedPost, PresignedPostRequest } from './types';
export { isSafeKey } from './keys';

/** The configured store: S3 when a bucket is set, else the local disk under DATA_DIR/media. */
export const blobStoreFor = (options: Pick<MediaOptions, 'dataDir' | 's3'>): BlobStore =>
  options.s3 ? s3BlobStore(options.s3) : localBlobStore(path.join(options.dataDir, 'media'));
