import { Router } from 'express';
import type { CollectionSpec } from '@seatside/chassis';
import { notificationsV1 } from '@seatside/proto';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import type { Mail } from './mailer';

/**
 * The e-mails other services ask for (seatside.notifications.v1.EmailRequested on the notifications service's published
 * stream), one row per request's event id: a request delivered again finds its row and sends nothing.
 * `sent` turns true once the mailer took it; a start sends what a stopped process left unsent.
 */
export const requestedMails: CollectionSpec = { name: 'requested_mails', filterable: ['sent'] };
export type RequestedMailDoc = { id: string; uid: string; mail: Mail | null; sent: boolean; requestedAt: string };

/** The mail for a request: its text, then the link under the platform's public URL (the dev mailbox lists it). */
export function requestedMail(publicUrl: string, to: string, request: Pick<notificationsV1.EmailRequested, 'subject' | 'text' | 'link'>): Mail {
  const link = request.link ? `${publicUrl}${request.link.startsWith('/') ? '' : '/'}${request.link}` : '';
  return { to, subject: request.subject, text: link ? `${request.text}\n\n${link}` : request.text, links: link ? [link] : [] };
}

/**
 * Sends the e-mails the notifications service requests (a new order to a merchant's member who chose
 * e-mail, docs/notifications-api.md) through identity's mailer: the account's address is looked up
 * here, the request is recorded in the consumer's transaction and the mail goes out after its commit.
 */
export function requestedMailsSlice(ctx: IdentityContext): IdentitySlice {
  const { deps } = ctx;
  const mails = () => deps.readModels.collection<RequestedMailDoc>(requestedMails);
  /** Ids under way in this process: the start's pass and the consumer never send one twice. */
  const sending = new Set<string>();
  const send = (doc: RequestedMailDoc) => {
    const mail = doc.mail;
    if (!mail || doc.sent || sending.has(doc.id)) return;
    sending.add(doc.id);
    ctx.later.run('requested mail', async () => {
      try {
        await ctx.mailer.send(mail);
        await mails().patch(doc.id, { sent: true });
      } finally {
        sending.delete(doc.id);
      }
    });
  };
  const recorded = new Map<string, RequestedMailDoc>();
  deps.subscribePublished({
    name: 'requested-mails',
    source: 'notifications',
    messages: [notificationsV1.EmailRequestedSchema],
    async handle(message, tx, event) {
      const list = deps.readModels.collection<RequestedMailDoc>(requestedMails, tx);
      if (await list.get(event.eventId)) return;
      const user = await ctx.users.get(message.userId);
      // An account that no longer exists (or has no address) is told nothing; the request is kept as handled.
      const doc: RequestedMailDoc = {
        id: event.eventId,
        uid: message.userId,
        mail: user?.email ? requestedMail(ctx.options.publicUrl, user.email, message) : null,
        sent: !user?.email,
        requestedAt: deps.now().toISOString(),
      };
      await list.put(doc);
      recorded.set(event.eventId, doc);
    },
    committed(delivered) {
      for (const { event } of delivered) {
        const doc = recorded.get(event.eventId);
        recorded.delete(event.eventId);
        if (doc) send(doc);
      }
    },
  });
  return {
    router: Router(),
    collections: [requestedMails],
    async start() {
      const { data } = await mails().find({ filter: { sent: false }, limit: 1000 });
      for (const doc of data) send(doc);
    },
  };
}
