import { DevMailbox } from '@pl/contracts';
import { captureLogger } from '@pl/service-kit/testing';
import { logTransport, smtpTransport } from '../src/mail/mail-transport.js';
import { startFakeSmtpServer } from './fake-smtp-server.js';
import { startIdentity, type IdentityTestApp } from './identity-test-app.js';

describe('mail delivery', () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  const forgot = (email: string) => identity.api('POST', '/api/auth/forgot-password', { body: { email } });

  describe('the dev mailbox (no SMTP_URL, outside production)', () => {
    it('lists messages newest first as JSON, with their links', async () => {
      const { grant, registration } = await identity.register({ email: `first-${Date.now()}@example.com` });
      await identity.dispatchMail();
      await forgot(registration.email);
      await identity.dispatchMail();

      const res = await identity.call('GET', '/api/auth/dev/mailbox?format=json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { messages } = DevMailbox.parse(await res.json());
      const mine = messages.filter((m) => m.to === grant.customer.email);
      expect(mine.map((m) => m.subject)).toEqual(['Reset your Professional Liquidation password', 'Confirm your e-mail address for Professional Liquidation']);
      expect(mine[0]!.links).toEqual([expect.stringMatching(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/)]);
      expect(mine[0]!.text).toContain(mine[0]!.links[0]);
    });

    it('keeps the newest first past the ninth message (the ids order as numbers, not as text)', async () => {
      for (let i = 0; i < 11; i++) await forgot(`nobody-${i}@example.com`);
      const { registration } = await identity.register({ email: `newest-${Date.now()}@example.com` });
      await identity.dispatchMail();
      await identity.pool.query(`INSERT INTO dev_mailbox (to_address, subject, text_body, html_body) SELECT 'filler-' || g || '@example.com', 'Filler', '', '' FROM generate_series(1, 11) g`);
      await forgot(registration.email);
      await identity.dispatchMail();
      const { messages } = DevMailbox.parse(await (await identity.call('GET', '/api/auth/dev/mailbox?format=json')).json());
      expect(messages.length).toBeGreaterThan(10);
      expect([messages[0]!.to, messages[0]!.subject]).toEqual([registration.email, 'Reset your Professional Liquidation password']);
      expect(messages.map((m) => Number(m.id))).toEqual(messages.map((m) => Number(m.id)).sort((a, b) => b - a));
    });

    it('serves an HTML page whose links are clickable and whose content is escaped', async () => {
      const { registration } = await identity.register({ firstName: '<script>alert(1)</script>' });
      await forgot(registration.email);
      await identity.dispatchMail();

      const res = await identity.call('GET', '/api/auth/dev/mailbox');
      const html = await res.text();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(html).toContain('<h1>Dev mailbox</h1>');
      expect(html).toMatch(/<a href="http:\/\/shop\.test:5000\/reset-password\?token=[A-Za-z0-9_-]{43}">/);
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      const order = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
      expect(order[0]).toBe('Reset your Professional Liquidation password');
    });

    it('does not exist in production', async () => {
      const production = await startIdentity({ devMailbox: false });
      try {
        for (const path of ['/api/auth/dev/mailbox', '/api/auth/dev/mailbox?format=json']) {
          const res = await production.call('GET', path);
          expect([res.status, await res.json()]).toEqual([404, { message: 'Not found', code: 'NOT_FOUND' }]);
        }
      } finally {
        await production.stop();
      }
    });
  });

  describe('log only (MAIL_TRANSPORT=log)', () => {
    it('delivers nothing and logs each mail by recipient and subject, never its links', async () => {
      const { logger, lines } = captureLogger();
      const { registration } = await identity.register();
      await forgot(registration.email);
      await identity.dispatchMail(logTransport(logger));

      const logged = lines.filter((l) => l.to === registration.email);
      expect(logged.map((l) => [l.level, l.msg, l.subject])).toEqual([
        ['info', 'mail not delivered (MAIL_TRANSPORT=log)', 'Confirm your e-mail address for Professional Liquidation'],
        ['info', 'mail not delivered (MAIL_TRANSPORT=log)', 'Reset your Professional Liquidation password'],
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/token=/);
      const { rows } = await identity.pool.query(`SELECT outcome FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [registration.email]);
      expect(rows).toEqual([{ outcome: 'sent' }, { outcome: 'sent' }]);
      const mailbox = DevMailbox.parse(await (await identity.call('GET', '/api/auth/dev/mailbox?format=json')).json());
      expect(mailbox.messages.filter((m) => m.to === registration.email)).toEqual([]);
    });
  });

  describe('SMTP (SMTP_URL set)', () => {
    it('sends through the SMTP server with nodemailer, text and HTML, from MAIL_FROM', async () => {
      const smtp = await startFakeSmtpServer();
      const transport = smtpTransport(smtp.url, 'Shop <no-reply@shop.test>');
      try {
        const { registration } = await identity.register();
        await identity.dispatchMail(transport);

        const mail = smtp.received.find((m) => m.to.some((t) => t.includes(registration.email)));
        expect(mail?.from).toBe('<no-reply@shop.test>');
        expect(mail?.data).toMatch(/^Subject: Confirm your e-mail address for Professional Liquidation$/m);
        expect(mail?.data).toMatch(/Content-Type: text\/plain/);
        expect(mail?.data).toMatch(/Content-Type: text\/html/);
        const { rows } = await identity.pool.query(`SELECT outcome FROM mail_outbox WHERE to_address = $1`, [registration.email]);
        expect(rows).toEqual([{ outcome: 'sent' }]);
      } finally {
        transport.close();
        await smtp.close();
      }
    });

    it('keeps a mail the server refuses and retries it later, with no token left behind', async () => {
      const smtp = await startFakeSmtpServer({ rejectWith: '451 4.3.0 try again later' });
      const transport = smtpTransport(smtp.url, 'Shop <no-reply@shop.test>');
      try {
        const { registration, grant } = await identity.register();
        await identity.dispatchMail(transport);
        const { rows } = await identity.pool.query(`SELECT done_at, attempts, next_attempt_at > now() AS later, last_error FROM mail_outbox WHERE to_address = $1`, [registration.email]);
        expect(rows).toEqual([{ done_at: null, attempts: 1, later: true, last_error: expect.stringContaining('451') }]);
        const tokens = await identity.pool.query('SELECT 1 FROM email_tokens WHERE customer_id = $1', [grant.customer.id]);
        expect(tokens.rows).toEqual([]);
      } finally {
        transport.close();
        await smtp.close();
      }
    });
  });
});
