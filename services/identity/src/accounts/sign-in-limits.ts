import type { Request, Response } from 'express';
import { tooManyRequests } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { accountMessages as m } from './messages';

const normal = (email: string) => email.trim().toLowerCase();
const clientOf = (req: Request) => req.ip ?? 'unknown';
const pairKey = (email: string, ip: string) => `identity:sign-in:pair:${normal(email)}:${ip}`;
const accountKey = (email: string) => `identity:sign-in:account:${normal(email)}`;
const ipKey = (ip: string) => `identity:sign-in:ip:${ip}`;

/** Wrong passwords of one account from one client, and when it may try again (ms since the epoch). */
export type PairState = { failures: number; notBefore: number };

/**
 * How long a client waits after its `failures`-th wrong password: nothing for the free ones, then
 * twice as long after each further one, never more than `maxDelayMs`.
 */
export function backoffMs(failures: number, limits: { freeFailures: number; baseDelayMs: number; maxDelayMs: number }): number {
  const over = failures - limits.freeFailures;
  if (over <= 0) return 0;
  return Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/**
 * Password guesses. Nobody is locked out of their own account: a client that guesses wrong waits
 * longer after each guess (per account and IP, at most `maxDelayMs`), so the owner, from another
 * address or once the wait is over, still gets in with the right password. An account guessed at
 * from many addresses gives no free guesses to any of them; an address gets `perIp` attempts per
 * window over all accounts (counted before the check, so parallel requests cannot exceed it).
 */
export function signInLimits(ctx: Pick<IdentityContext, 'deps' | 'options'>) {
  const limits = ctx.options.signInLimits;
  const kv = () => ctx.deps.kv;
  const now = () => ctx.deps.now().getTime();
  const refuse = (res: Response, waitMs: number) => {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    return tooManyRequests(m.tooManySignIns);
  };
  return {
    /** Before a password is checked: 429 with Retry-After while this client must wait. */
    async attempt(req: Request, res: Response, email: string): Promise<void> {
      const pair = await kv().cache.get<PairState>(pairKey(email, clientOf(req)));
      if (pair && pair.notBefore > now()) throw refuse(res, pair.notBefore - now());
      const ip = await kv().rateLimiter.hit(ipKey(clientOf(req)), limits.perIp, limits.windowMs);
      if (!ip.allowed) throw refuse(res, ip.resetMs);
    },
    /** A wrong password: the client's next attempt on this account waits. */
    async failed(req: Request, email: string): Promise<void> {
      const account = await kv().rateLimiter.hit(accountKey(email), limits.perAccount, limits.windowMs);
      const key = pairKey(email, clientOf(req));
      const failures = ((await kv().cache.get<PairState>(key))?.failures ?? 0) + 1;
      const delay = backoffMs(failures, account.allowed ? limits : { ...limits, freeFailures: 0 });
      await kv().cache.set(key, { failures, notBefore: now() + delay } satisfies PairState, limits.windowMs);
    },
    /** The right password: this client starts afresh. */
    async succeeded(req: Request, email: string): Promise<void> {
      await kv().cache.delete(pairKey(email, clientOf(req)));
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;

const codeAccountKey = (email: string) => `identity:codes:account:${normal(email)}`;
const codeIpKey = (ip: string) => `identity:codes:ip:${ip}`;

/**
 * Mailed codes, issued and tried: per address (mail bombing, guessing one account's codes) and per
 * client IP, in a fixed window. The answer is the same 429 for both, so it tells nothing of accounts.
 */
export function codeLimits(ctx: Pick<IdentityContext, 'deps' | 'options'>) {
  const { perAccount, perIp, windowMs } = ctx.options.codeLimits;
  return async (req: Request, res: Response, email?: string): Promise<void> => {
    const limiter = ctx.deps.kv.rateLimiter;
    const decisions = await Promise.all([
      limiter.hit(codeIpKey(clientOf(req)), perIp, windowMs),
      ...(email ? [limiter.hit(codeAccountKey(email), perAccount, windowMs)] : []),
    ]);
    const refused = decisions.filter((decision) => !decision.allowed);
    if (refused.length === 0) return;
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(Math.max(...refused.map((d) => d.resetMs)) / 1000))));
    throw tooManyRequests(m.tooManyCodes);
  };
}

export type CodeLimits = ReturnType<typeof codeLimits>;
