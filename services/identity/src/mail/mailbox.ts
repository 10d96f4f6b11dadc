import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Mail, Mailer } from './mailer';

/** A mail as the dev mailbox keeps it: one JSON file per mail. */
export type StoredMail = { id: string; to: string; subject: string; text: string; html: string; links: string[]; sentAt: string };

export const mailboxDir = (dataDir: string) => path.join(dataDir, 'mailbox');

/** The dev mailbox (no SMTP): mails become files under DATA_DIR/mailbox, listed by GET /v1/dev/mailbox. */
export function createMailboxMailer(dataDir: string, now: () => Date = () => new Date()): Mailer {
  const dir = mailboxDir(dataDir);
  return {
    kind: 'mailbox',
    async send(mail: Mail) {
      const sentAt = now();
      const stored: StoredMail = {
        id: randomUUID(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? '',
        links: mail.links ?? [],
        sentAt: sentAt.toISOString(),
      };
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // The time first in the name keeps a directory listing in sending order.
      const file = path.join(dir, `${sentAt.getTime()}-${stored.id}.json`);
      await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    },
  };
}

/** The mails in the dev mailbox, newest first. */
export async function readMailbox(dataDir: string): Promise<StoredMail[]> {
  const dir = mailboxDir(dataDir);
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const mails = await Promise.all(
    names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredMail),
  );
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
}
