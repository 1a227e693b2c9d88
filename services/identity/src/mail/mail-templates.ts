// The texts of identity's e-mails. Plain text first (it is what many clients show and what tests
// read); the HTML part says the same, with every interpolated value escaped.
import { EmailLinks } from '@pl/contracts';
import type { MailMessage } from './mail-message.js';

const BRAND = 'Professional Liquidation';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function render(to: string, subject: string, greeting: string, lines: string[], link: { url: string; label: string }, after: string[]): MailMessage {
  const text = [greeting, '', ...lines, '', link.url, '', ...after, '', `— ${BRAND}`].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    p(greeting),
    ...lines.map(p),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    p(`Or copy this address into your browser: ${link.url}`),
    ...after.map(p),
    p(`— ${BRAND}`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, links: [link.url] };
}

const greetingFor = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export function passwordResetMail(m: { to: string; firstName: string | null; username: string; token: string; publicOrigin: string; validMinutes: number }): MailMessage {
  const url = new URL(EmailLinks.resetPassword(m.token), m.publicOrigin).toString();
  return render(
    m.to,
    `Reset your ${BRAND} password`,
    greetingFor(m.firstName),
    [`Someone asked to reset the password of your ${BRAND} account (${m.username}). To choose a new password, open this link within ${m.validMinutes} minutes:`],
    { url, label: 'Reset your password' },
    ['The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.'],
  );
}

export function emailVerificationMail(m: { to: string; firstName: string | null; token: string; publicOrigin: string; validHours: number }): MailMessage {
  const url = new URL(EmailLinks.verifyEmail(m.token), m.publicOrigin).toString();
  return render(
    m.to,
    `Confirm your e-mail address for ${BRAND}`,
    greetingFor(m.firstName),
    [`Please confirm that ${m.to} is your e-mail address by opening this link within ${m.validHours} hours:`],
    { url, label: 'Confirm my e-mail address' },
    ['If you did not create an account or change your e-mail address with us, ignore this e-mail.'],
  );
}
