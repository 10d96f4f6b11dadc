import { randomUUID } from 'node:crypto';
import type { BlobStore } from './types';

/**
 * The behaviour every blob store shares. A spec file calls this once per adapter, so the local disk
 * and S3 pass the same cases; the presigned POST cases run for stores that offer it.
 */
export function blobStoreContract(name: string, make: () => Promise<BlobStore>): void {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    // A fresh prefix per run keeps runs on a shared bucket apart.
    const run = `merchants/contract-${randomUUID()}`;
    const keyOf = (rest: string) => `${run}/${rest}`;
    const bytes = (text: string) => Buffer.from(text, 'utf8');

    beforeAll(async () => {
      store = await make();
    });
    afterAll(async () => {
      for (const { key } of await store.list(`${run}/`)) await store.delete(key);
      await store.close?.();
    });

    it('given nothing stored, when a key is read, then it is undefined', async () => {
      expect(await store.get(keyOf('missing/nothing.png'))).toBeUndefined();
    });

    it('given bytes put with a content type, when read back, then the same bytes, type and size', async () => {
      const key = keyOf(`uploads/${randomUUID()}.png`);
      await store.put(key, bytes('png bytes'), 'image/png');
      const blob = await store.get(key);
      expect(blob).toMatchObject({ contentType: 'image/png', size: 9 });
      expect(blob!.bytes.toString('utf8')).toBe('png bytes');
      expect(blob!.lastModified.getTime()).toBeGreaterThan(0);
    });

    it('given a stored key, when it is put again, then the new bytes and type win', async () => {
      const key = keyOf(`uploads/${randomUUID()}.jpg`);
      await store.put(key, bytes('first'), 'image/png');
      await store.put(key, bytes('second'), 'image/jpeg');
      const blob = await store.get(key);
      expect([blob!.bytes.toString('utf8'), blob!.contentType]).toEqual(['second', 'image/jpeg']);
    });

    it('given objects under two folders, when one prefix is listed, then only its objects, by key, with sizes', async () => {
      await store.put(keyOf('list/a/2.png'), bytes('22'), 'image/png');
      await store.put(keyOf('list/a/1.png'), bytes('1'), 'image/png');
      await store.put(keyOf('list/b/3.png'), bytes('333'), 'image/png');
      const listed = await store.list(keyOf('list/a/'));
      expect(listed.map(({ key, size }) => [key, size])).toEqual([[keyOf('list/a/1.png'), 1], [keyOf('list/a/2.png'), 2]]);
      expect(listed[0]!.lastModified.getTime()).toBeGreaterThan(0);
      expect((await store.list(keyOf('list/'))).map((info) => info.key)).toHaveLength(3);
      expect(await store.list(keyOf('list/c/'))).toEqual([]);
    });

    it('given a prefix that ends inside a name, when listed, then keys starting with it', async () => {
      await store.put(keyOf('partial/banner-1.png'), bytes('b'), 'image/png');
      await store.put(keyOf('partial/icon-1.png'), bytes('i'), 'image/png');
      expect((await store.list(keyOf('partial/ban'))).map((info) => info.key)).toEqual([keyOf('partial/banner-1.png')]);
    });

    it('given a stored key, when deleted, then it reads undefined and is not listed; deleting again is fine', async () => {
      const key = keyOf('delete/gone.png');
      await store.put(key, bytes('x'), 'image/png');
      await store.delete(key);
      expect(await store.get(key)).toBeUndefined();
      expect(await store.list(keyOf('delete/'))).toEqual([]);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it.each(['../escape.png', '/absolute.png', 'a//b.png', 'a/./b.png', 'a/../../b.png', 'a\\b.png', '', 'a/b.png\0'])(
      'given the unsafe key %p, then put and delete refuse it and get finds nothing',
      async (key) => {
        await expect(store.put(key, bytes('x'), 'image/png')).rejects.toThrow('unsafe object key');
        await expect(store.delete(key)).rejects.toThrow('unsafe object key');
        expect(await store.get(key)).toBeUndefined();
      },
    );

    it('given an unsafe prefix, then list refuses it', async () => {
      await expect(store.list('../')).rejects.toThrow('unsafe object key');
    });

    describe('presigned POST (stores browsers post to)', () => {
      const form = (fields: Record<string, string>, file: Buffer, type: string) => {
        const body = new FormData();
        for (const [field, value] of Object.entries(fields)) body.append(field, value);
        body.append('file', new Blob([file], { type }), 'upload.png');
        return body;
      };

      it('given a presigned POST, when a browser posts its fields then the file, then the object is stored', async () => {
        if (!store.presignedPost) return void console.info(`${name}: no presigned POST (the service's own form-upload serves it)`);
        const key = keyOf(`files/${randomUUID()}.png`);
        const post = await store.presignedPost({ key, contentType: 'image/png', maxBytes: 1024, expiresInSeconds: 600 });
        const res = await fetch(post.url, { method: 'POST', body: form(post.fields, bytes('posted'), 'image/png') });
        expect(res.status).toBeLessThan(300);
        expect((await store.get(key))?.bytes.toString('utf8')).toBe('posted');
      });

      it('given a presigned POST, then its signed policy limits the size and the content type', async () => {
        if (!store.presignedPost) return;
        // s3rver does not enforce POST policy conditions, so this checks what is signed; AWS enforces it.
        const post = await store.presignedPost({ key: keyOf('files/limits.png'), contentType: 'image/jpeg', maxBytes: 4, expiresInSeconds: 600 });
        const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
        expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', 1, 4], ['eq', '$Content-Type', 'image/jpeg']]));
        expect(post.fields).toMatchObject({ key: keyOf('files/limits.png'), 'Content-Type': 'image/jpeg' });
      });
    });
  });
}
