import type { Request, Response } from 'express';
import { tooManyRequests } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { accountMessages as m } from './messages';

const accountKey = (email: string) => `identity:sign-in:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `identity:sign-in:ip:${ip}`;

/**
 * Password attempts, counted per account (e-mail, lower-cased) and per client IP in a fixed window.
 * Every attempt counts; a successful one clears its account's counter, so a person who finally
 * remembers the password is not locked out by their own typos.
 */
export function signInLimits(ctx: Pick<IdentityContext, 'deps' | 'options'>) {
  const { perAccount, perIp, windowMs } = ctx.options.signInLimits;
  const limiter = () => ctx.deps.kv.rateLimiter;
  return {
    /** Counts one attempt; 429 with Retry-After when either counter is over its limit. */
    async attempt(req: Request, res: Response, email: string): Promise<void> {
      const [account, ip] = await Promise.all([
        limiter().hit(accountKey(email), perAccount, windowMs),
        limiter().hit(ipKey(req.ip ?? 'unknown'), perIp, windowMs),
      ]);
      const refused = [account, ip].filter((decision) => !decision.allowed);
      if (refused.length === 0) return;
      const waitMs = Math.max(...refused.map((decision) => decision.resetMs));
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
      throw tooManyRequests(m.tooManySignIns);
    },
    async succeeded(email: string): Promise<void> {
      await limiter().reset(accountKey(email));
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;
