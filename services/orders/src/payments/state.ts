import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Environment } from './accounts';

/**
 * The OAuth `state` of a provider connection: which merchant asked, for which mode and provider,
 * until when, and a nonce that is used once. Signed with HMAC-SHA256, so a state cannot be edited to
 * name another merchant or mode (a replay for them fails the signature), and the nonce makes a
 * second use of the same state fail too (connections.ts records it).
 */
export interface ConnectState {
  provider: 'stripe' | 'square';
  merchantId: string;
  environment: Environment;
  /** Who asked (a merchant admin). */
  uid: string;
  nonce: string;
  /** Epoch milliseconds after which the state is refused. */
  expiresAt: number;
}

/** Long enough to sign in or sign up at the provider. */
export const STATE_TTL_MS = 30 * 60_000;

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signState(secret: string, fields: Omit<ConnectState, 'nonce' | 'expiresAt'>, now: Date, nonce: string = randomUUID()): string {
  const state: ConnectState = { ...fields, nonce, expiresAt: now.getTime() + STATE_TTL_MS };
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The state's fields when the signature holds and it has not expired; undefined otherwise (the reason is for the log). */
export function verifyState(secret: string, text: string, now: Date): { state: ConnectState } | { refused: string } {
  const [body = '', signature = '', ...rest] = text.split('.');
  if (!body || !signature || rest.length > 0) return { refused: 'malformed state' };
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: 'state signature does not match' };
  let state: ConnectState;
  try {
    state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ConnectState;
  } catch {
    return { refused: 'malformed state' };
  }
  if (typeof state.expiresAt !== 'number' || state.expiresAt < now.getTime()) return { refused: 'state expired' };
  return { state };
}

/** A process's own secret when none is configured: states then verify only in the process that signed them. */
export const processStateSecret = (): string => randomBytes(32).toString('base64url');
