import { randomBytes } from 'node:crypto';
import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';
import { sha256 } from './sessions';

/** `resetPassword` and `signIn`, as in the links' `mode` query parameter. */
export type CodeMode = 'resetPassword' | 'signIn';

export const oobCodes: CollectionSpec = { name: 'oob_codes' };

/** A one-time code, kept by its SHA-256. `uid` is absent when the e-mail has no account. */
export type OobCodeDoc = { id: string; mode: CodeMode; email: string; uid: string | null; expiresAt: string };

export interface OneTimeCodes {
  /** A fresh single-use code, valid for an hour. */
  issue(input: { mode: CodeMode; email: string; uid: string | null }): Promise<string>;
  /** The code's record while it is live (unused, unexpired, this mode); does not use it up. */
  peek(mode: CodeMode, code: string): Promise<OobCodeDoc | undefined>;
  /** Uses the code up: exactly one caller gets the record, later ones undefined. */
  consume(mode: CodeMode, code: string): Promise<OobCodeDoc | undefined>;
}

export const CODE_TTL_MS = 60 * 60_000;

export function createOneTimeCodes(deps: ServiceDeps): OneTimeCodes {
  const store = () => deps.readModels.collection<OobCodeDoc>(oobCodes);
  const live = (doc: OobCodeDoc | null, mode: CodeMode) => (doc && doc.mode === mode && new Date(doc.expiresAt) > deps.now() ? doc : undefined);
  return {
    async issue({ mode, email, uid }) {
      const code = randomBytes(24).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + CODE_TTL_MS).toISOString();
      await store().put({ id: sha256(code), mode, email, uid, expiresAt });
      return code;
    },
    async peek(mode, code) {
      return live(await store().get(sha256(code)), mode);
    },
    async consume(mode, code) {
      const doc = live(await store().get(sha256(code)), mode);
      if (!doc) return undefined;
      return (await store().delete(doc.id)) ? doc : undefined;
    },
  };
}
