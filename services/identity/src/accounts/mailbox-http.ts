import { Router, type Request } from 'express';
import { notFound } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import { readMailbox, type StoredMail } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The dev mailbox as a page: newest first, each mail's text and its links, clickable. */
export function mailboxPage(mails: StoredMail[]): string {
  const items = mails.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></p>
<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Seatside dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev mailbox</h1>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body></html>`;
}

/**
 * A loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6): a client on this machine. Given
 * the socket's own address, never a forwarded header, which any client can write.
 */
export const isLoopbackAddress = (address: string | undefined): boolean => !!address && (address === '::1' || /^(::ffff:)?127\./i.test(address));

/**
 * GET /v1/dev/mailbox(.json): the mails the embedded topology did not send, to a client on this
 * machine only (they hold sign-in links); absent with SMTP and for every other client.
 */
export function mailboxRouter(ctx: IdentityContext): Router {
  const router = Router();
  const mails = async (req: Request) => {
    if (ctx.mailer.kind !== 'mailbox' || !isLoopbackAddress(req.socket.remoteAddress)) throw notFound();
    return readMailbox(ctx.options.dataDir);
  };
  router.get('/v1/dev/mailbox.json', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await mails(req));
  });
  router.get('/v1/dev/mailbox', async (req, res) => {
    const page = mailboxPage(await mails(req));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(page);
  });
  return router;
}
