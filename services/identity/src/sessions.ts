import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';

export const SESSION_COOKIE = 'seatside_session';
const COOKIE_PATH = '/v1/auth';

export const sessions: CollectionSpec = { name: 'sessions', filterable: ['uid'] };
/** Cookies a refresh replaced: presenting one again means a copy of it is in other hands. */
export const rotatedSessions: CollectionSpec = { name: 'rotated_sessions' };

/**
 * A refresh session: kept by the SHA-256 of its cookie value, so a database read leaks no cookie.
 * Every refresh replaces the cookie; the cookies of one sign-in make a family (`family`).
 */
export type SessionDoc = {
  id: string;
  uid: string;
  family?: string;
  createdAt: string;
  expiresAt: string;
  /** When its family signed in (seconds, the access token's `auth_time`), carried by every refresh; absent on a session from before it was kept. */
  authTime?: number;
};
type RotatedDoc = { id: string; uid: string; family: string; rotatedAt: string; expiresAt: string };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A cookie of the request, decoded (the service has no cookie parser). */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Whether the browser reached us over https (directly or through the proxy), for the cookies' Secure flag. */
export const secure = (req: Request) => req.secure || req.get('x-forwarded-proto') === 'https';

export interface Sessions {
  /** Starts a refresh session for the user, who signed in at `authTime` (seconds), and sets the httpOnly cookie. */
  start(req: Request, res: Response, uid: string, authTime: number): Promise<void>;
  /**
   * Replaces the request's live cookie with a new one of the same family and answers its session.
   * A replaced cookie presented again within the grace (another tab's refresh in flight) answers its
   * family's session without a new cookie; later, it ends the whole family: undefined.
   */
  rotate(req: Request, res: Response): Promise<SessionDoc | undefined>;
  /** Ends the request's session and clears the cookie. */
  end(req: Request, res: Response): Promise<void>;
  /** Ends every session of a user (after a password change or reset). */
  endAllOf(uid: string): Promise<void>;
}

export function createSessions(deps: ServiceDeps, options: { ttlDays: number; reuseGraceMs: number }): Sessions {
  const store = () => deps.readModels.collection<SessionDoc>(sessions);
  const rotated = () => deps.readModels.collection<RotatedDoc>(rotatedSessions);
  const familyOf = (session: SessionDoc) => session.family ?? session.id;
  const issue = async (req: Request, res: Response, session: Omit<SessionDoc, 'id'>) => {
    const secret = randomBytes(32).toString('base64url');
    const doc = { ...session, id: sha256(secret) };
    await store().put(doc);
    res.cookie(SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: secure(req), path: COOKIE_PATH, expires: new Date(session.expiresAt) });
    return doc;
  };
  const sessionsOfFamily = async (uid: string, family: string) => {
    const found: SessionDoc[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await store().find({ filter: { uid }, limit: 100, ...(cursor ? { cursor } : {}) });
      found.push(...page.data.filter((session) => familyOf(session) === family && new Date(session.expiresAt) > deps.now()));
      if (!page.nextCursor) return found;
      cursor = page.nextCursor;
    }
  };
  return {
    async start(req, res, uid, authTime) {
      const now = deps.now();
      const expires = new Date(now.getTime() + options.ttlDays * 86_400_000);
      await issue(req, res, { uid, family: randomBytes(16).toString('hex'), createdAt: now.toISOString(), expiresAt: expires.toISOString(), authTime });
    },
    async rotate(req, res) {
      const secret = cookieOf(req, SESSION_COOKIE);
      if (!secret) return undefined;
      const id = sha256(secret);
      const session = await store().get(id);
      // Exactly one refresh deletes the cookie it presents; that one gets the next cookie.
      if (session && new Date(session.expiresAt) > deps.now() && (await store().delete(id))) {
        const family = familyOf(session);
        await rotated().put({ id, uid: session.uid, family, rotatedAt: deps.now().toISOString(), expiresAt: session.expiresAt });
        return issue(req, res, { uid: session.uid, family, createdAt: deps.now().toISOString(), expiresAt: session.expiresAt, ...(session.authTime !== undefined ? { authTime: session.authTime } : {}) });
      }
      const replaced = await rotated().get(id);
      if (!replaced) return undefined;
      const live = await sessionsOfFamily(replaced.uid, replaced.family);
      if (deps.now().getTime() - new Date(replaced.rotatedAt).getTime() <= options.reuseGraceMs) return live[0];
      for (const member of live) await store().delete(member.id);
      return undefined;
    },
    async end(req, res) {
      const secret = cookieOf(req, SESSION_COOKIE);
      if (secret) await store().delete(sha256(secret));
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secure(req), path: COOKIE_PATH });
    },
    async endAllOf(uid) {
      for (;;) {
        const page = await store().find({ filter: { uid }, limit: 100 });
        for (const session of page.data) await store().delete(session.id);
        if (!page.nextCursor) return;
      }
    },
  };
}
