/** A mail to send; `links` are the actionable URLs in it (the dev mailbox lists them). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links?: string[];
}

/** The mailer port: SMTP in production, the dev mailbox under DATA_DIR in the embedded topology. */
export interface Mailer {
  kind: 'smtp' | 'mailbox';
  send(mail: Mail): Promise<void>;
}
