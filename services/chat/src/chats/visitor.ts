import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { forbidden, type Principal } from '@seatside/chassis';
import { chatMessages, type ChatUser } from './chat';

/** The anonymous visitor's httpOnly cookie: a random secret; the chat id is derived from its hash. */
export const CHAT_COOKIE = 'seatside_chat';
const COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** A signed-in user's own chat: one per account. */
export const userChatId = (uid: string) => `u${digest(`chat-user:${uid}`)}`;
/** An anonymous visitor's chat: one per cookie; the id reveals nothing of the cookie. */
export const visitorChatId = (secret: string) => `v${digest(`chat-visitor:${secret}`)}`;

/** A cookie from a raw Cookie header (HTTP request or socket handshake), decoded. */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const validSecret = (value: string | undefined): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Who a widget caller is: a signed-in account or the cookie's anonymous visitor (none yet: undefined). */
export interface Visitor {
  chatId: string;
  user: ChatUser;
}

const isStaff = (principal: Principal | undefined) => principal?.claims.admin === true;

/**
 * The cookie's anonymous visitor, named with the start of its chat id ('Visitor 91cd'): support staff
 * answering several chats at once tell them apart in the inbox, the tab titles and the notifications
 * (every one was 'Visitor').
 */
export const anonymousVisitor = (chatId: string): ChatUser => ({ id: `visitor-${chatId.slice(1, 13)}`, name: `Visitor ${chatId.slice(1, 5)}`, email: '', authenticated: false });

export function visitorOf(principal: Principal | undefined, cookieHeader: string | undefined): Visitor | undefined {
  if (principal && !principal.tenant && !principal.uid.startsWith('apikey:')) {
    const email = principal.email ?? '';
    return { chatId: userChatId(principal.uid), user: { id: principal.uid, name: email.split('@')[0] || 'Visitor', email, authenticated: true } };
  }
  const secret = cookieFrom(cookieHeader, CHAT_COOKIE);
  if (!validSecret(secret)) return undefined;
  const chatId = visitorChatId(secret);
  return { chatId, user: anonymousVisitor(chatId) };
}

/** The caller's visitor identity, issuing the anonymous cookie when there is none yet. */
export function visitorFor(req: Request, res: Response): Visitor {
  const known = visitorOf(req.principal, req.headers.cookie);
  if (known) return known;
  const secret = randomBytes(32).toString('base64url');
  const secure = req.secure || req.get('x-forwarded-proto') === 'https';
  res.cookie(CHAT_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: COOKIE_MAX_AGE_MS });
  const chatId = visitorChatId(secret);
  return { chatId, user: anonymousVisitor(chatId) };
}

/**
 * Who may be in a chat: staff (the admin claim) any; a visitor only its own (by account, else by
 * cookie). Answers the caller's role, or throws 403.
 */
export type ChatAccess = { role: 'staff'; principal: Principal } | { role: 'client'; visitor: Visitor };

export function accessTo(chatId: string, principal: Principal | undefined, cookieHeader: string | undefined): ChatAccess {
  if (principal && isStaff(principal)) return { role: 'staff', principal };
  const visitor = visitorOf(principal, cookieHeader);
  if (visitor && visitor.chatId === chatId) return { role: 'client', visitor };
  // An anonymous visitor who signed in still owns the cookie's chat.
  const byCookie = visitorOf(undefined, cookieHeader);
  if (byCookie && byCookie.chatId === chatId) return { role: 'client', visitor: byCookie };
  throw forbidden(chatMessages.noAccess);
}
