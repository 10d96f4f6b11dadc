import { Router } from 'express';
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

/** GET /v1/dev/mailbox(.json): the mails the embedded topology did not send; absent with SMTP. */
export function mailboxRouter(ctx: IdentityContext): Router {
  const router = Router();
  const mails = async () => {
    if (ctx.mailer.kind !== 'mailbox') throw notFound();
    return readMailbox(ctx.options.dataDir);
  };
  router.get('/v1/dev/mailbox.json', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await mails());
  });
  router.get('/v1/dev/mailbox', async (_req, res) => {
    const page = mailboxPage(await mails());
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(page);
  });
  return router;
}
