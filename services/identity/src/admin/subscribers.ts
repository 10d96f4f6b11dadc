import { createHash, randomBytes } from 'node:crypto';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { notFound, parseInput, parseListQuery, requiredText, requirePlatformAdmin, TEXT_MAX, type CollectionSpec } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { Mail } from '../mail';

/**
 * The newsletter (seed 000 §2 /admin/subscribers, the marketing footer's sign-up): double opt-in by
 * e-mail, an unsubscribe link in every mail, the list and a CSV export for staff. Subscribers are
 * plain documents (an address and its consent state), like sessions: no business history to replay.
 */
export const subscribers: CollectionSpec = { name: 'subscribers', sortable: ['createdAt', 'emailLower'], searchable: ['emailLower'], filterable: ['status'] };
/** SHA-256 of a subscriber's link token → the subscriber: the token itself is only in the mails. */
export const subscriberTokens: CollectionSpec = { name: 'subscriber_tokens' };

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';
export type SubscriberDoc = {
  id: string;
  email: string;
  emailLower: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  tokenHash: string;
};
type TokenDoc = { id: string; subscriberId: string };

export const subscriberMessages = {
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  checkInbox: 'Thanks! Check your inbox to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Thanks for subscribing!',
  unsubscribed: 'You are unsubscribed and will get no more newsletters.',
  badLink: 'This link is not valid. It may have been mistyped.',
} as const;

const signUp = z.object({ email: requiredText(subscriberMessages.emailRequired).max(TEXT_MAX.email).pipe(z.email({ error: subscriberMessages.invalidEmail })) });
const tokenQuery = z.object({ token: z.string().max(200).optional() });
/** The staff list's filter besides the list parameters (parseListQuery). */
const statusFilter = z.object({ status: z.enum(['pending', 'confirmed', 'unsubscribed'], { error: 'status must be pending, confirmed or unsubscribed' }).optional() });

/** The schemas the subscriber routes validate with, for the OpenAPI document (src/openapi.ts). */
export const subscriberSchemas = { signUp, tokenQuery, statusFilter };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const subscriberLinks = (publicUrl: string, token: string) => ({
  confirm: `${publicUrl}/v1/subscribers/confirm?token=${token}`,
  unsubscribe: `${publicUrl}/v1/subscribers/unsubscribe?token=${token}`,
});

export function confirmSubscriptionMail(to: string, links: ReturnType<typeof subscriberLinks>): Mail {
  const lead = 'Please confirm that you want the Seatside newsletter at this address:';
  const tail = 'If you did not ask for it, ignore this mail and you will get nothing more.';
  return {
    to,
    subject: 'Confirm your Seatside newsletter subscription',
    text: `${lead}\n\n${links.confirm}\n\n${tail}\n\nUnsubscribe: ${links.unsubscribe}\n`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(links.confirm)}">Confirm my subscription</a></p><p>${escapeHtml(tail)}</p><p><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    links: [links.confirm, links.unsubscribe],
  };
}

/** A CSV cell: quoted, and never a formula when a spreadsheet opens it. */
export const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A small page for a person who clicked a mail's link (the API answers JSON to `Accept: application/json`). */
function linkAnswer(res: Response, status: number, message: string, wantsJson: boolean) {
  if (wantsJson) return res.status(status).json({ message });
  res
    .status(status)
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Seatside newsletter</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;padding:0 20px"><h1>Seatside newsletter</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Seatside</a></p></body></html>`);
}

export function subscribersRouter(ctx: IdentityContext): Router {
  const router = Router();
  const docs = () => ctx.deps.readModels.collection<SubscriberDoc>(subscribers);
  const tokens = () => ctx.deps.readModels.collection<TokenDoc>(subscriberTokens);
  const byToken = async (token: string | undefined) => {
    if (!token) return null;
    const link = await tokens().get(hashOf(token));
    return link ? docs().get(link.subscriberId) : null;
  };

  router.post('/v1/subscribers', async (req, res) => {
    const { email } = parseInput(signUp, req.body ?? {});
    const id = email.toLowerCase();
    const now = ctx.deps.now().toISOString();
    const current = await docs().get(id);
    // Confirmed already: nothing to send. Otherwise (new, pending, unsubscribed): a fresh link to confirm.
    // The links of the earlier mails stay good: a person who signed up twice clicks either mail's
    // confirm link, and every unsubscribe link they were sent keeps unsubscribing.
    if (current?.status !== 'confirmed') {
      const token = randomBytes(24).toString('base64url');
      await tokens().put({ id: hashOf(token), subscriberId: id });
      await docs().put({
        id, email, emailLower: id, status: 'pending', createdAt: current?.createdAt ?? now, confirmedAt: null, unsubscribedAt: null, tokenHash: hashOf(token),
      });
      ctx.later.run('newsletter confirmation mail', () => ctx.mailer.send(confirmSubscriptionMail(email, subscriberLinks(ctx.options.publicUrl, token))));
    }
    // The same answer whether or not the address was known.
    res.status(202).json({ message: subscriberMessages.checkInbox });
  });

  const wantsJson = (accept: string | undefined) => (accept ?? '').includes('application/json') && !(accept ?? '').includes('text/html');

  router.get('/v1/subscribers/confirm', async (req, res) => {
    const { token } = parseInput(tokenQuery, req.query ?? {});
    const subscriber = await byToken(token);
    if (!subscriber || subscriber.status === 'unsubscribed') return linkAnswer(res, 404, subscriberMessages.badLink, wantsJson(req.headers.accept));
    if (subscriber.status === 'pending') await docs().patch(subscriber.id, { status: 'confirmed', confirmedAt: ctx.deps.now().toISOString() });
    linkAnswer(res, 200, subscriberMessages.confirmed, wantsJson(req.headers.accept));
  });

  const unsubscribe = async (token: string | undefined) => {
    const subscriber = await byToken(token);
    if (!subscriber) return false;
    if (subscriber.status !== 'unsubscribed') await docs().patch(subscriber.id, { status: 'unsubscribed', unsubscribedAt: ctx.deps.now().toISOString() });
    return true;
  };
  router.get('/v1/subscribers/unsubscribe', async (req, res) => {
    const { token } = parseInput(tokenQuery, req.query ?? {});
    const done = await unsubscribe(token);
    linkAnswer(res, done ? 200 : 404, done ? subscriberMessages.unsubscribed : subscriberMessages.badLink, wantsJson(req.headers.accept));
  });
  // RFC 8058 one-click unsubscribe posts to the same link.
  router.post('/v1/subscribers/unsubscribe', async (req, res) => {
    const { token } = parseInput(tokenQuery, req.query ?? {});
    const done = await unsubscribe(token);
    if (!done) throw notFound(subscriberMessages.badLink);
    res.json({ message: subscriberMessages.unsubscribed });
  });

  const row = ({ tokenHash: _tokenHash, ...doc }: SubscriberDoc) => doc;

  router.get('/v1/admin/subscribers', async (req, res) => {
    requirePlatformAdmin(req);
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'createdAt', order: 'desc' });
    const { status } = parseInput(statusFilter, req.query ?? {});
    const page = await docs().find({ ...query, q: query.q?.toLowerCase(), filter: status ? { status } : undefined });
    res.json({ ...page, data: page.data.map(row) });
  });

  router.get('/v1/admin/subscribers/export.csv', async (req, res) => {
    requirePlatformAdmin(req);
    res.type('text/csv; charset=utf-8').attachment('subscribers.csv');
    res.write('email,status,subscribedAt,confirmedAt,unsubscribedAt\r\n');
    let cursor: string | undefined;
    do {
      const page = await docs().find({ sort: 'createdAt', order: 'asc', limit: 1000, cursor });
      res.write(page.data.map((s) => [s.email, s.status, s.createdAt, s.confirmedAt ?? '', s.unsubscribedAt ?? ''].map(csvCell).join(',') + '\r\n').join(''));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    res.end();
  });

  return router;
}
