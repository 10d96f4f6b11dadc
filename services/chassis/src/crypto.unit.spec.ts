import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDataKeyRing, DATA_KEY_FILE, loadDataKeys, parseDataKeys, pooledRandomBytes } from './crypto';

describe('sealing secrets at rest', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('given a sealed value, then it is not the plaintext, opens to it in its context only, and any change to it is refused', () => {
    const ring = createDataKeyRing([newKey]);
    const sealed = ring.seal('{"d":"private"}', 'signing_keys:k1');
    expect(sealed).toMatch(/^seal:v1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain('private');
    expect(ring.open(sealed, 'signing_keys:k1')).toBe('{"d":"private"}');
    expect(() => ring.open(sealed, 'signing_keys:k2')).toThrow();
    const parts = sealed.split(':');
    parts[4] = Buffer.from('{"d":"forged!!"}').toString('base64url');
    expect(() => ring.open(parts.join(':'), 'signing_keys:k1')).toThrow();
  });

  it('given a ring with a new key first and the old one after, then values sealed under the old key open and are marked for re-sealing', () => {
    const sealedBefore = createDataKeyRing([oldKey]).seal('secret', 'c');
    const ring = createDataKeyRing([newKey, oldKey]);
    expect(ring.open(sealedBefore, 'c')).toBe('secret');
    expect(ring.needsSealing(sealedBefore)).toBe(true);
    expect(ring.needsSealing(ring.seal('secret', 'c'))).toBe(false);
    expect(ring.needsSealing({ d: 'plaintext jwk' })).toBe(true);
    expect(() => createDataKeyRing([newKey]).open(sealedBefore, 'c')).toThrow(/no data key/);
  });

  it('given DATA_ENCRYPTION_KEY in base64 or hex, comma-separated, then those keys; anything else is refused', () => {
    expect(parseDataKeys(`${newKey.toString('base64')}, ${oldKey.toString('hex')}`)).toEqual([newKey, oldKey]);
    expect(() => parseDataKeys('too-short')).toThrow(/32 bytes/);
  });

  it('given no DATA_ENCRYPTION_KEY, then a random key is made once in a 0600 file in DATA_DIR and used again', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-keys-'));
    try {
      const sealed = loadDataKeys({ dataDir }).seal('secret', 'c');
      const file = path.join(dataDir, DATA_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadDataKeys({ dataDir }).open(sealed, 'c')).toBe('secret');
      expect(loadDataKeys({ dataDir, configured: newKey.toString('base64') }).isSealed(sealed)).toBe(true);
      expect(() => loadDataKeys({ dataDir, configured: newKey.toString('base64') }).open(sealed, 'c')).toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pooledRandomBytes', () => {
  it('given many small takes across pool refills, then each has its size, none repeats, and a kept slice does not change after later takes', () => {
    const first = pooledRandomBytes(24);
    const copy = Buffer.from(first);
    const seen = new Set<string>([first.toString('hex')]);
    for (let i = 0; i < 2000; i++) {
      const bytes = pooledRandomBytes(1 + (i % 40));
      expect(bytes).toHaveLength(1 + (i % 40));
      if (bytes.length >= 12) {
        expect(seen.has(bytes.toString('hex'))).toBe(false);
        seen.add(bytes.toString('hex'));
      }
    }
    expect(first.equals(copy)).toBe(true);
  });

  it('given a size larger than the pool, then that many bytes all the same', () => {
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });
});
