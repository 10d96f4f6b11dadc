import { isIP } from 'node:net';

/** A HOST only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || (isIP(host) === 4 && host.startsWith('127.'));

/** What an operator should hear at start: settings that expose more than they probably mean to. */
export function startupWarnings(config: { HOST: string; TOPOLOGY: string; SMTP_URL?: string }): string[] {
  const warnings: string[] = [];
  if (config.TOPOLOGY === 'embedded' && !config.SMTP_URL && !isLoopbackHost(config.HOST)) {
    warnings.push(
      `Warning: HOST ${config.HOST} is reachable from other machines, but SMTP_URL is not set: mails (sign-in links, password resets) ` +
        'are not sent, they go to the dev mailbox, which answers only on this machine (/v1/dev/mailbox). Set SMTP_URL to send them.',
    );
  }
  return warnings;
}
