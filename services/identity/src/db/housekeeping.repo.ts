import type { Queryable } from '@pl/service-kit';

/**
 * Deletes what no rule reads any more: ended sessions after 30 days, sign-in attempts past the
 * known-client window, limit counters past every window, dead link tokens, handled mail, and all
 * but the newest dev-mailbox messages. Returns rows deleted per table.
 */
export async function pruneExpiredRows(db: Queryable, options: { keepDevMail: number; loginAttemptDays: number }): Promise<Record<string, number>> {
  const run = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rowCount ?? 0;
  return {
    sessions: await run(`DELETE FROM sessions WHERE revoked_at < now() - interval '30 days' OR expires_at < now() - interval '30 days'`),
    login_attempts: await run(`DELETE FROM login_attempts WHERE at < now() - make_interval(days => $1)`, [options.loginAttemptDays]),
    rate_limit_hits: await run(`DELETE FROM rate_limit_hits WHERE at < now() - interval '1 day'`),
    email_tokens: await run(`DELETE FROM email_tokens WHERE expires_at < now() - interval '1 day'`),
    mail_outbox: await run(`DELETE FROM mail_outbox WHERE done_at < now() - interval '7 days'`),
    dev_mailbox: await run(`DELETE FROM dev_mailbox WHERE id <= (SELECT id FROM dev_mailbox ORDER BY id DESC OFFSET $1 LIMIT 1)`, [options.keepDevMail]),
  };
}
