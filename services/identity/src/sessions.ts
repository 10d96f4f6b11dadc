import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CollectionSpec, ServiceDeps } from '@seatside/chassis';

export const SESSION_COOKIE = 'seatside_session';
const COOKIE_PATH = '/v1/auth';

export const sessions: CollectionSpec = { name: 'sessions', filterable: ['uid'] };

/** A refresh session: kept by the SHA-256 of its cookie value, so a database read leaks no cookie. */
export type SessionDoc = { id: string; uid: string; createdAt: string; expiresAt: string };

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
  /** Starts a refresh session for the user and sets the httpOnly cookie. */
  start(req: Request, res: Response, uid: string): Promise<void>;
  /** The user of the request's live session cookie, or undefined. */
  current(req: Request): Promise<SessionDoc | undefined>;
  /** Ends the request's session and clears the cookie. */
  end(req: Request, res: Response): Promise<void>;
  /** Ends every session of a user (after a password change or reset). */
  endAllOf(uid: string): Promise<void>;
}

export function createSessions(deps: ServiceDeps, options: { ttlDays: number }): Sessions {
  const store = () => deps.readModels.collection<SessionDoc>(sessions);
  return {
    async start(req, res, uid) {
      const secret = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expires = new Date(now.getTime() + options.ttlDays * 86_400_000);
      await store().put({ id: sha256(secret), uid, createdAt: now.toISOString(), expiresAt: expires.toISOString() });
      res.cookie(SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: secure(req), path: COOKIE_PATH, expires });
    },
    async current(req) {
      const secret = cookieOf(req, SESSION_COOKIE);
      if (!secret) return undefined;
      const session = await store().get(sha256(secret));
      if (!session || new Date(session.expiresAt) <= deps.now()) return undefined;
      return session;
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
