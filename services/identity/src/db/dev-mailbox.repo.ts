import type { DevMailMessage } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import type { MailMessage } from '../mail/mail-message.js';

export async function insertDevMail(db: Queryable, m: MailMessage): Promise<void> {
  await db.query(`INSERT INTO dev_mailbox (to_address, subject, text_body, html_body, links) VALUES ($1, $2, $3, $4, $5)`, [
    m.to,
    m.subject,
    m.text,
    m.html,
    JSON.stringify(m.links),
  ]);
}

export async function listDevMail(db: Queryable, limit: number): Promise<DevMailMessage[]> {
  const { rows } = await db.query<{ id: string; to: string; subject: string; text: string; links: string[]; sentAt: Date }>(
    `SELECT id::text, to_address AS "to", subject, text_body AS "text", links, sent_at AS "sentAt"
       FROM dev_mailbox ORDER BY dev_mailbox.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() }));
}
