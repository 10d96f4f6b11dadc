import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { blobStoreContract } from './contract';
import { localBlobStore } from './local';

let root: string;
blobStoreContract('local disk', async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-blobs-'));
  return localBlobStore(root);
});

describe('local disk blob store', () => {
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('given a put, then the bytes are a file under objects/ and nothing lands outside the root', async () => {
    await localBlobStore(root).put('merchants/m1/uploads/a.png', Buffer.from('a'), 'image/png');
    expect(await fs.readFile(path.join(root, 'objects', 'merchants', 'm1', 'uploads', 'a.png'), 'utf8')).toBe('a');
    await expect(localBlobStore(root).put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow('unsafe object key');
    await expect(fs.access(path.join(root, '..', 'outside.png'))).rejects.toThrow();
  });
});
