import { publication, published, type Publications } from '@seatside/chassis';
import { commonV1, notificationsV1 } from '@seatside/proto';

/** A member of a merchant who chose e-mail is to be told about a new order (one event per member). */
export type EmailRequestedEvent = {
  type: 'EmailRequested';
  data: { uid: string; merchantId: string; orderId: string; subject: string; text: string; link: string; at: string };
};

/** The e-mails asked for one order: `order-emails-{orderId}`, written once (a redelivered order appends nothing). */
export const orderEmailsStream = (orderId: string) => `order-emails-${orderId}`;

/** The order-emails stream keeps no state: each event is a request on its own. */
const noState = { initialState: () => null, evolve: (state: null) => state };

export const orderEmailsPublication = publication<EmailRequestedEvent, null>({
  streamPrefix: 'order-emails-',
  decider: noState,
  map: {
    EmailRequested: ({ data }) =>
      published(notificationsV1.EmailRequestedSchema, {
        envelope: { tenantId: data.merchantId, tenantCollection: commonV1.TenantCollection.MERCHANTS },
        userId: data.uid,
        subject: data.subject,
        text: data.text,
        link: data.link,
      }),
  },
});

/**
 * The notifications service's published stream (docs/ARCHITECTURE.md, Published streams): e-mails
 * it asks the identity service (the owner of accounts and the mailer) to send. Raise `version` when a
 * mapping starts publishing events it did not before.
 */
export const notificationsPublications: Publications = {
  version: 1,
  streams: [orderEmailsPublication],
};
