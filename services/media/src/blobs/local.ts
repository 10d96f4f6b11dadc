import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, assertSafePrefix, isSafeKey, UnsafeKey } from './keys';
import type { BlobInfo, BlobStore } from './types';

/**
 * Blobs on the local disk (embedded topology): bytes under `{root}/objects/{key}`, the content type
 * beside them under `{root}/types/{key}`. Writes go to a temporary file first, then rename, so a
 * reader never sees half an object.
 */
export function localBlobStore(root: string): BlobStore {
  const base = path.resolve(root);
  const objects = path.join(base, 'objects');
  const types = path.join(base, 'types');
  /** The key's file under `dir`; the regex already excludes `..`, this checks the resolved path too. */
  const fileOf = (dir: string, key: string) => {
    const file = path.resolve(dir, ...assertSafeKey(key).split('/'));
    if (!file.startsWith(dir + path.sep)) throw new UnsafeKey(key);
    return file;
  };
  const writeAtomically = async (file: string, bytes: Buffer | string) => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  };
  const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR';

  async function walk(dir: string, relative: string, out: BlobInfo[]): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: unknown) => (missing(err) ? [] : Promise.reject(err)));
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
      else if (entry.isFile() && isSafeKey(key)) {
        const stat = await fs.stat(path.join(dir, entry.name));
        out.push({ key, size: stat.size, lastModified: stat.mtime });
      }
    }
  }

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      await writeAtomically(fileOf(types, key), contentType);
      await writeAtomically(fileOf(objects, key), bytes);
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined;
      try {
        const [bytes, contentType, stat] = await Promise.all([
          fs.readFile(fileOf(objects, key)),
          fs.readFile(fileOf(types, key), 'utf8'),
          fs.stat(fileOf(objects, key)),
        ]);
        return { bytes, contentType, size: bytes.length, lastModified: stat.mtime };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      // Walk the deepest folder the prefix names, then keep the keys that start with it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const found: BlobInfo[] = [];
      await walk(folder ? path.join(objects, ...folder.split('/')) : objects, folder, found);
      return found.filter((info) => info.key.startsWith(prefix)).sort((a, b) => a.key.localeCompare(b.key));
    },
    async delete(key) {
      await fs.rm(fileOf(objects, key), { force: true });
      await fs.rm(fileOf(types, key), { force: true });
    },
  };
}
