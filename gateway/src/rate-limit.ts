import type { RequestHandler } from 'express';
import { tooManyRequests, type RateLimiter } from '@seatside/chassis';

/**
 * Per-client fixed window: a signed-in caller (or API key) by its id, anyone else by IP.
 * Answers the RateLimit-* headers so clients can pace themselves.
 */
export function rateLimit(options: { limiter: RateLimiter; limit: number; windowMs: number }): RequestHandler {
  return async (req, res, next) => {
    const client = req.principal ? `uid:${req.principal.uid}` : `ip:${req.ip ?? 'unknown'}`;
    const decision = await options.limiter.hit(`ratelimit:${client}`, options.limit, options.windowMs);
    res.setHeader('RateLimit-Limit', String(options.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(Math.ceil(decision.resetMs / 1000)));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(Math.ceil(decision.resetMs / 1000)));
      return next(tooManyRequests());
    }
    next();
  };
}
