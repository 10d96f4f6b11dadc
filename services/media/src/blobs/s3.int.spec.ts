import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Options } from '../options';
import { blobStoreContract } from './contract';
import { s3BlobStore, s3ClientOf } from './s3';

/**
 * Runs the blob contract against S3_ENDPOINT when it is set (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as the service reads them); otherwise against s3rver, a
 * real S3-protocol server started here on a free 127.0.0.1 port.
 */
const env = process.env;
let local: { server: S3rver; directory: string } | undefined;

async function startS3rver(bucket: string): Promise<S3Options> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  local = { server, directory };
  return { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
}

async function configuredS3(): Promise<S3Options> {
  const options: S3Options = {
    bucket: env.S3_BUCKET || 'seatside-media-test',
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
  const client = s3ClientOf(options);
  await client.send(new CreateBucketCommand({ Bucket: options.bucket })).catch((err: { name?: string }) => {
    if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
  });
  client.destroy();
  return options;
}

const target = env.S3_ENDPOINT ? `S3 at ${env.S3_ENDPOINT}` : 'S3 (s3rver on 127.0.0.1; S3_ENDPOINT not set)';
console.info(`blob contract: ${target}`);
blobStoreContract(target, async () => s3BlobStore(env.S3_ENDPOINT ? await configuredS3() : await startS3rver('seatside-media')));

afterAll(async () => {
  if (!local) return;
  await local.server.close();
  await fs.rm(local.directory, { recursive: true, force: true });
});
