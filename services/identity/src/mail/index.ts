import type { IdentityOptions } from '../options';
import { createMailboxMailer } from './mailbox';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp';

export type { Mail, Mailer } from './mailer';
export { readMailbox, type StoredMail } from './mailbox';

/** SMTP when SMTP_URL is set, otherwise the dev mailbox under DATA_DIR/mailbox. */
export function createMailer(options: Pick<IdentityOptions, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.mailFrom) : createMailboxMailer(options.dataDir);
}
