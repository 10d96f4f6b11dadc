import type { RequestHandler } from 'express';
import { isUnreachable, tooManyRequests, type RateLimiter } from '@seatside/chassis';

/** How often, at most, a rate limiter that cannot count is logged. */
const UNCOUNTED_LOG_MS = 10_000;

/**
 * Per-client fixed window: a signed-in caller (or API key) by its id, anyone else by IP.
 * Answers the RateLimit-* headers so clients can pace themselves. While the limiter's store (Redis)
 * cannot be reached, requests pass uncounted rather than every one of them failing: on game day a
 * Redis blip must not take checkout down with it (it is logged, at most every 10 s).
 */
export function rateLimit(options: { limiter: RateLimiter; limit: number; windowMs: number }): RequestHandler {
  let loggedAt = 0;
  return async (req, res, next) => {
    const client = req.principal ? `uid:${req.principal.uid}` : `ip:${req.ip ?? 'unknown'}`;
    let decision: Awaited<ReturnType<RateLimiter['hit']>>;
    try {
      decision = await options.limiter.hit(`ratelimit:${client}`, options.limit, options.windowMs);
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      if (Date.now() - loggedAt >= UNCOUNTED_LOG_MS) {
        loggedAt = Date.now();
        req.log?.warn({ err }, 'the rate limiter cannot reach its store; requests pass uncounted');
      }
      return next();
    }
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
