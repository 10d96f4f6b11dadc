import type { Mail } from '../mail';
import type { CodeMode } from '../codes';

/** `{PUBLIC_URL}/auth/action?mode=<mode>&oobCode=<code>`; sign-in links also carry the e-mail. */
export function actionLink(publicUrl: string, mode: CodeMode, oobCode: string, email?: string): string {
  const query = new URLSearchParams({ mode, oobCode, ...(email ? { email } : {}) });
  return `${publicUrl}/auth/action?${query.toString()}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkMail(to: string, subject: string, lead: string, action: string, link: string): Mail {
  const tail = 'The link works once and expires in one hour. If you did not ask for it, ignore this mail.';
  return {
    to,
    subject,
    text: `${lead}\n\n${link}\n\n${tail}\n`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(tail)}</p>`,
    links: [link],
  };
}

export const resetPasswordMail = (to: string, link: string): Mail =>
  linkMail(to, 'Reset your Seatside password', 'Someone asked to reset the password of your Seatside account. Open this link to choose a new one:', 'Reset your password', link);

export const signInLinkMail = (to: string, link: string): Mail =>
  linkMail(to, 'Sign in to Seatside', 'Open this link to sign in to Seatside:', 'Sign in to Seatside', link);

/** To the address an account left: the change, and a link that undoes it. */
export function emailChangedMail(to: string, newEmail: string, link: string): Mail {
  const lead = `The email address of your Seatside account was changed to ${newEmail}. If you did not do this, open this link to restore ${to} and sign everyone out, then reset your password:`;
  const tail = 'The link works once and expires in three days.';
  return {
    to,
    subject: 'Your Seatside email address was changed',
    text: `${lead}\n\n${link}\n\n${tail}\n`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Undo the change</a></p><p>${escapeHtml(tail)}</p>`,
    links: [link],
  };
}
