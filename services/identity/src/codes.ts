import { randomBytes } from 'node:crypto';
import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';
import { sha256 } from './sessions';

/**
 * `resetPassword` and `signIn`, as in the links' `mode` query parameter; `recoverEmail` undoes an
 * e-mail change (mailed to the address the account left).
 */
export type CodeMode = 'resetPassword' | 'signIn' | 'recoverEmail';

export const oobCodes: CollectionSpec = { name: 'oob_codes' };
/** Per mode and address, the one code that is live: issuing a new one retires the earlier ones. */
export const latestOobCodes: CollectionSpec = { name: 'oob_codes_latest' };

/** A one-time code, kept by its SHA-256. `uid` is absent when the e-mail has no account. */
export type OobCodeDoc = { id: string; mode: CodeMode; email: string; uid: string | null; expiresAt: string };
type LatestDoc = { id: string; codeId: string };

export interface OneTimeCodes {
  /** A fresh single-use code, valid for an hour (or `ttlMs`); earlier codes of the mode and address stop working. */
  issue(input: { mode: CodeMode; email: string; uid: string | null; ttlMs?: number }): Promise<string>;
  /** The code's record while it is live (unused, unexpired, this mode, the newest); does not use it up. */
  peek(mode: CodeMode, code: string): Promise<OobCodeDoc | undefined>;
  /** Uses the code up: exactly one caller gets the record, later ones undefined. */
  consume(mode: CodeMode, code: string): Promise<OobCodeDoc | undefined>;
}

export const CODE_TTL_MS = 60 * 60_000;

/** Hashed: an address of any length keys a row, and the store holds no address in its ids. */
const latestId = (mode: CodeMode, email: string) => sha256(`${mode}:${email.trim().toLowerCase()}`);

export function createOneTimeCodes(deps: ServiceDeps): OneTimeCodes {
  const store = () => deps.readModels.collection<OobCodeDoc>(oobCodes);
  const latest = () => deps.readModels.collection<LatestDoc>(latestOobCodes);
  const live = async (doc: OobCodeDoc | null, mode: CodeMode) => {
    if (!doc || doc.mode !== mode || new Date(doc.expiresAt) <= deps.now()) return undefined;
    // Only the newest code of its mode and address counts, even if an older one was not yet deleted.
    const newest = await latest().get(latestId(mode, doc.email));
    return newest?.codeId === doc.id ? doc : undefined;
  };
  return {
    async issue({ mode, email, uid, ttlMs = CODE_TTL_MS }) {
      const code = randomBytes(24).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + ttlMs).toISOString();
      const id = sha256(code);
      const previous = await latest().get(latestId(mode, email));
      await store().put({ id, mode, email, uid, expiresAt });
      await latest().put({ id: latestId(mode, email), codeId: id });
      if (previous) await store().delete(previous.codeId);
      return code;
    },
    async peek(mode, code) {
      return live(await store().get(sha256(code)), mode);
    },
    async consume(mode, code) {
      const doc = await live(await store().get(sha256(code)), mode);
      if (!doc) return undefined;
      return (await store().delete(doc.id)) ? doc : undefined;
    },
  };
}
