import nodemailer from 'nodemailer';
import type { Logger, PoolClient } from '@pl/service-kit';
import { insertDevMail } from '../db/dev-mailbox.repo.js';
import type { MailMessage } from './mail-message.js';

/** Which transport delivers (config.ts MAIL_TRANSPORT: unset, SMTP with SMTP_URL, else the dev mailbox). */
export type MailTransportName = 'smtp' | 'log' | 'dev-mailbox';

export interface MailTransport {
  readonly name: MailTransportName;
  /**
   * Delivers one message or throws. `client` is the dispatcher's open transaction: the dev mailbox
   * stores the message in it, so a message and the token its link carries commit together.
   */
  send(message: MailMessage, client: PoolClient): Promise<void>;
  close(): void;
}

/** Real mail through nodemailer, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from });
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transporter.close(),
  };
}

/** Development and tests: messages are stored and listed at /api/auth/dev/mailbox. */
export function devMailboxTransport(): MailTransport {
  return {
    name: 'dev-mailbox',
    send: (m, client) => insertDevMail(client, m),
    close: () => undefined,
  };
}

/**
 * MAIL_TRANSPORT=log (decision 042): nothing is delivered, each message is logged by recipient and
 * subject. Never its body: its links carry one-time tokens, and logs travel further than the database.
 */
export function logTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    send: async (m) => logger.info({ to: m.to, subject: m.subject }, 'mail not delivered (MAIL_TRANSPORT=log)'),
    close: () => undefined,
  };
}

/** The transport the configuration names. */
export function mailTransportFor(config: { MAIL_TRANSPORT: MailTransportName; SMTP_URL?: string; MAIL_FROM: string }, logger: Logger): MailTransport {
  if (config.MAIL_TRANSPORT === 'smtp') return smtpTransport(config.SMTP_URL!, config.MAIL_FROM);
  if (config.MAIL_TRANSPORT === 'log') return logTransport(logger);
  return devMailboxTransport();
}
