// The local mailbox (development and tests only; app.ts does not mount it in production): where
// mail goes when SMTP_URL is unset, so reset and verification links can be followed offline.
import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, type DevMailMessage } from '@pl/contracts';
import { parseInput, type Pool } from '@pl/service-kit';
import { listDevMail } from '../db/dev-mailbox.repo.js';
import { escapeHtml } from '../mail/mail-templates.js';

const MailboxQuery = z.object({ format: z.enum(['html', 'json']).default('html') });
const SHOWN = 100;

const linkify = (escapedText: string) => escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function mailboxPage(messages: DevMailMessage[]): string {
  const items = messages.map(
    (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
  <pre>${linkify(escapeHtml(m.text))}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Professional Liquidation</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #e5e7eb; border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.05rem; margin: 0; } .meta { color: #6b7280; font-size: .85rem; margin: .25rem 0 .5rem; }
  pre { white-space: pre-wrap; font-family: inherit; margin: 0; }
</style></head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the shop sent while SMTP_URL is unset, newest first (the last ${SHOWN}). Development only. As JSON: <a href="?format=json">?format=json</a>.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body></html>`;
}

export function devMailboxRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.auth.devMailbox, async (req, res) => {
    const { format } = parseInput(MailboxQuery, req.query);
    const messages = await listDevMail(pool, SHOWN);
    res.set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    if (format === 'json') {
      res.json({ messages });
      return;
    }
    res
      .set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .type('html')
      .send(mailboxPage(messages));
  });
}
