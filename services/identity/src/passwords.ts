import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

/**
 * scrypt (memory-hard: 128 · r · N bytes, 32 MiB at the production cost 15), stored as
 * `scrypt$<cost>$<r>$<salt b64>$<hash b64>` so the cost can rise without breaking old hashes.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE });
  return ['scrypt', cost, BLOCK_SIZE, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, costText, rText, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !costText || !rText || !saltText || !hashText) return false;
  const N = 2 ** Number(costText);
  const r = Number(rText);
  const expected = Buffer.from(hashText, 'base64');
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, { N, r, p: 1, maxmem: 256 * N * r });
  return timingSafeEqual(key, expected);
}

/** Spent on an unknown e-mail at sign-in, so its answer takes as long as a wrong password's. */
export const DUMMY_HASH_COST = 15;
