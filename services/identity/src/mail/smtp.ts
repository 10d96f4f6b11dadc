import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** Production mail: SMTP_URL (`smtp://user:pass@host:587`). nodemailer's own logging stays off: it would print bodies. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
    },
  };
}
