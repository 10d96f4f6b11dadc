import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (signing keys, provider tokens): AES-256-GCM under a data key from configuration.
 * A sealed value names the key that sealed it, so a ring of keys (the current one first, retired
 * ones after it) opens old values while new ones are sealed under the current key; a value sealed
 * under a retired key, or stored before sealing existed (plaintext), is re-sealed by its owner on
 * read (`needsSealing`).
 */
export interface DataKeyRing {
  /** `seal:v1:<key id>:<iv>:<ciphertext>:<tag>`, bound to `context` (e.g. the row's id): it opens only with the same context. */
  seal(plaintext: string, context: string): string;
  /** The plaintext of a sealed value; throws if no key of the ring sealed it or it was altered. */
  open(sealed: string, context: string): string;
  isSealed(value: unknown): value is string;
  /** Plaintext, or sealed under a key other than the current one. */
  needsSealing(value: unknown): boolean;
}

const PREFIX = 'seal:v1:';
const KEY_BYTES = 32;

/** The first 8 hex digits of the key's SHA-256: names the key in sealed values, reveals nothing of it. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function createDataKeyRing(keys: readonly Buffer[]): DataKeyRing {
  const [currentKey] = keys;
  if (!currentKey) throw new Error('a data key ring needs at least one key');
  for (const key of keys) if (key.length !== KEY_BYTES) throw new Error(`a data key must be ${KEY_BYTES} bytes`);
  const byId = new Map(keys.map((key) => [keyIdOf(key), key] as const));
  const currentId = keyIdOf(currentKey);
  const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);
  return {
    isSealed,
    needsSealing: (value) => !isSealed(value) || value.slice(PREFIX.length, PREFIX.length + 8) !== currentId,
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${PREFIX}${currentId}:${iv.toString('base64url')}:${ciphertext.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new Error('not a sealed value');
      const [keyId = '', iv = '', ciphertext = '', tag = ''] = sealed.slice(PREFIX.length).split(':');
      const key = byId.get(keyId);
      if (!key) throw new Error(`no data key ${keyId} in the key ring (DATA_ENCRYPTION_KEY lists the current key first, then retired ones)`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** DATA_ENCRYPTION_KEY: comma-separated 32-byte keys, each base64 (44 characters) or hex (64); the first seals. */
export function parseDataKeys(text: string): Buffer[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const key = /^[0-9a-f]{64}$/i.test(entry) ? Buffer.from(entry, 'hex') : Buffer.from(entry, 'base64');
      if (key.length !== KEY_BYTES) throw new Error(`DATA_ENCRYPTION_KEY: each key must be ${KEY_BYTES} bytes, base64 or hex (e.g. openssl rand -base64 32)`);
      return key;
    });
}

/** Where a DATA_DIR keeps its data key when DATA_ENCRYPTION_KEY is not set. */
export const DATA_KEY_FILE = 'data-encryption.key';

/**
 * The data key ring: DATA_ENCRYPTION_KEY when configured; otherwise DATA_DIR/data-encryption.key,
 * made once with a random key, readable by its owner only (0600).
 */
export function loadDataKeys(options: { configured?: string; dataDir: string }): DataKeyRing {
  if (options.configured?.trim()) return createDataKeyRing(parseDataKeys(options.configured));
  const file = path.join(path.resolve(options.dataDir), DATA_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside, then linked into place: of two processes starting at once, one key wins whole.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return createDataKeyRing(parseDataKeys(fs.readFileSync(file, 'utf8')));
}

const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/**
 * `size` random bytes from a pool filled 4 KB at a time: a request that needs a few (a token, an
 * IV, a short code) costs a slice instead of a call into OpenSSL each (~2 µs apiece on the checkout's
 * path, three per order). Each byte is handed out once; the slice is a copy, so a caller may keep it.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > RANDOM_POOL_BYTES) return randomBytes(size);
  if (randomOffset + size > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  const bytes = Buffer.from(randomPool.subarray(randomOffset, randomOffset + size));
  // Handed out bytes are wiped from the pool, so a later dump of it holds none of a live token.
  randomPool.fill(0, randomOffset, randomOffset + size);
  randomOffset += size;
  return bytes;
}
