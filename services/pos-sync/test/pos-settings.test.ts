import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PosConfig, TestConnectionResult } from '@pl/contracts';
import { runMigrations } from '@pl/service-kit';
import { createTestSchemaPool, eventually, testLogger } from '@pl/service-kit/testing';
import { createSecretBox, SecretFields } from '../src/domain/secret-box.js';
import { MIGRATIONS_DIR, startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

describe('POS settings', () => {
  let stack: PosSyncStack;
  beforeAll(async () => {
    stack = await startPosSyncStack();
  });
  afterAll(() => stack.stop());
  beforeEach(() => stack.pool.query('TRUNCATE pos_settings, sync_runs, pos_events, writebacks, price_writebacks, stock_versions'));

  const settingsRows = async () => (await stack.pool.query('SELECT * FROM pos_settings')).rows as Array<Record<string, unknown>>;

  describe('POST /api/admin/pos-config', () => {
    it('saves the URL and answers what GET answers, never the key', async () => {
      const res = await stack.saveSettings();
      expect(res.status).toBe(200);
      expect(PosConfig.parse(res.body)).toEqual({ configured: true, posUrl: stack.pos.url });
      expect(res.text).not.toContain(stack.pos.apiKey);

      const read = await stack.call('GET', '/api/admin/pos-config');
      expect(read.body).toEqual({ configured: true, posUrl: stack.pos.url });
      expect(read.text).not.toContain(stack.pos.apiKey);
    });

    it('stores the API key encrypted: no column holds it in clear', async () => {
      const apiKey = `pos_live_${randomBytes(12).toString('hex')}`;
      await stack.saveSettings(stack.pos.url, apiKey);

      const [row] = await settingsRows();
      expect(row).toBeDefined();
      for (const value of Object.values(row!)) expect(JSON.stringify(value) ?? '').not.toContain(apiKey);
      expect(row!.api_key_sealed).toMatch(/^v1\./);
      expect(stack.ctx.secrets.open(String(row!.api_key_sealed), SecretFields.apiKey)).toBe(apiKey);
    });

    it('trims what was typed around the URL and the key', async () => {
      await stack.saveSettings(`  ${stack.pos.url}  `, `  ${stack.pos.apiKey}\n`);
      expect((await stack.call('GET', '/api/admin/pos-config')).body.posUrl).toBe(stack.pos.url);
      expect((await stack.call('GET', '/api/admin/sync/test-connection')).body.connected).toBe(true);
    });

    it('replaces the settings: there is one row at most', async () => {
      await stack.saveSettings('http://first.example:7000', 'key-one');
      await stack.saveSettings('http://second.example:7000', 'key-two');
      expect((await settingsRows()).map((r) => r.pos_url)).toEqual(['http://second.example:7000']);
    });

    it.each([
      ['a missing URL', { apiKey: 'k' }, 'POS URL is required'],
      ['an empty URL', { posUrl: '   ', apiKey: 'k' }, 'POS URL is required'],
      ['a URL that is not absolute', { posUrl: 'pos.example.com', apiKey: 'k' }, 'POS URL must be an absolute http:// or https:// URL'],
      ['a URL of another scheme', { posUrl: 'ftp://pos.example.com', apiKey: 'k' }, 'POS URL must be an absolute http:// or https:// URL'],
      ['a URL with credentials', { posUrl: 'http://user:secret@pos.example.com', apiKey: 'k' }, 'POS URL must not contain a user name or password; put the key in API key'],
      ['a URL with a query', { posUrl: 'http://pos.example.com/?a=1', apiKey: 'k' }, 'POS URL must not have a query or fragment'],
      ['a missing key', { posUrl: 'http://pos.example.com' }, 'API key is required'],
      ['an empty key', { posUrl: 'http://pos.example.com', apiKey: '' }, 'API key is required'],
      ['a key of spaces', { posUrl: 'http://pos.example.com', apiKey: ' \t ' }, 'API key is required'],
      ['a key with a line break inside', { posUrl: 'http://pos.example.com', apiKey: 'ab\ncd' }, 'API key must be printable characters without spaces'],
      ['a body that is not an object', ['http://pos.example.com', 'k'], 'Send posUrl and apiKey'],
    ])('refuses %s with a 400 naming the problem, and saves nothing', async (_what, body, message) => {
      const res = await stack.call('POST', '/api/admin/pos-config', body);
      expect([res.status, res.body]).toEqual([400, { message, code: 'VALIDATION_FAILED' }]);
      expect(await settingsRows()).toEqual([]);
      expect((await stack.call('GET', '/api/admin/pos-config')).body).toEqual({ configured: false, posUrl: null });
    });

    it('keeps the saved settings when a new save is refused', async () => {
      await stack.saveSettings();
      await stack.call('POST', '/api/admin/pos-config', { posUrl: 'http://other.example', apiKey: '' });
      expect((await stack.call('GET', '/api/admin/pos-config')).body).toEqual({ configured: true, posUrl: stack.pos.url });
    });

    it('keeps the webhook subscription when the same POS and key are saved again, and drops it for another key', async () => {
      await stack.saveSettings();
      expect((await stack.sync()).status).toBe(200);
      const subscribed = (await settingsRows())[0]!;
      expect(subscribed.webhook_url).toBe(stack.ctx.settings.webhookUrl);

      await stack.saveSettings();
      expect((await settingsRows())[0]!.webhook_key_sealed).toBe(subscribed.webhook_key_sealed);

      await stack.saveSettings(stack.pos.url, 'another-key');
      expect((await settingsRows())[0]).toMatchObject({ webhook_key_sealed: null, webhook_url: null });
    });

    it('subscribes to the POS webhooks right after a save, so stock changes flow before any sync', async () => {
      expect((await stack.saveSettings()).status).toBe(200);
      await eventually(async () => expect((await settingsRows())[0]).toMatchObject({ webhook_url: stack.ctx.settings.webhookUrl, webhook_key_sealed: expect.stringMatching(/^v1\./) }));

      const sku = stack.pos.products()[0]!.variants[0]!.sku;
      await stack.pos.setCount(sku, 'dublin', 6);
      await eventually(async () => expect(await stack.onHand(sku, 'dublin')).toBe(6));
    });

    it('forgets the applied count versions when another POS is saved (versions are one POS’s numbering)', async () => {
      await stack.pool.query(`INSERT INTO stock_versions (sku, location_id, version) VALUES ('PL-EL-001', 'dublin', 42)`);
      await stack.saveSettings();
      await stack.saveSettings(stack.pos.url, 'pos_rotated_key_123');
      expect((await stack.pool.query('SELECT count(*)::int AS n FROM stock_versions')).rows[0].n).toBe(1);

      await stack.saveSettings('http://127.0.0.1:9/another-pos');
      expect((await stack.pool.query('SELECT count(*)::int AS n FROM stock_versions')).rows[0].n).toBe(0);
    });
  });

  describe('GET /api/admin/sync/test-connection', () => {
    const test = async () => {
      const res = await stack.call('GET', '/api/admin/sync/test-connection');
      expect(res.status).toBe(200);
      return TestConnectionResult.parse(res.body);
    };

    it('says the settings are not saved yet', async () => {
      expect(await test()).toEqual({ connected: false, message: 'POS settings are not saved yet' });
    });

    it('connects with the saved URL and key and names the POS', async () => {
      await stack.saveSettings();
      expect(await test()).toEqual({ connected: true, message: 'Connected to Reference POS' });
    });

    it('says the POS refused a wrong key', async () => {
      await stack.saveSettings(stack.pos.url, 'not-the-key');
      expect(await test()).toEqual({ connected: false, message: 'The POS refused the API key' });
    });

    // A URL where no POS answers (nothing listens, a web server, another API): pos-address-policy.test.ts.

    it('says the POS is unavailable while it is down', async () => {
      await stack.saveSettings();
      stack.pos.setDown(true);
      try {
        expect(await test()).toEqual({ connected: false, message: `The POS at ${stack.pos.url} is unavailable right now; try again later` });
      } finally {
        stack.pos.setDown(false);
      }
    });

    it('says the saved key cannot be decrypted when POS_SETTINGS_KEY changed', async () => {
      const sealedElsewhere = createSecretBox(randomBytes(32)).seal(stack.pos.apiKey, SecretFields.apiKey);
      await stack.pool.query(`INSERT INTO pos_settings (pos_url, api_key_sealed) VALUES ($1, $2)`, [stack.pos.url, sealedElsewhere]);
      expect(await test()).toEqual({
        connected: false,
        message: 'The saved POS API key cannot be decrypted with this POS_SETTINGS_KEY; save the settings again',
      });
    });
  });

  describe('admin routes', () => {
    const routes: Array<[method: string, pathname: string, body?: () => unknown]> = [
      ['GET', '/api/admin/sync/status'],
      ['GET', '/api/admin/events'],
      ['GET', '/api/admin/pos-config'],
      ['POST', '/api/admin/pos-config', () => ({ posUrl: stack.pos.url, apiKey: stack.pos.apiKey })],
      ['GET', '/api/admin/sync/test-connection'],
      ['POST', '/api/admin/sync/trigger'],
    ];

    describe.each(routes)('%s %s', (method, pathname, body) => {
      it.each([
        ['anonymous', 401, 'UNAUTHENTICATED'],
        ['guest', 401, 'UNAUTHENTICATED'],
        ['customer', 403, 'FORBIDDEN'],
      ] as const)('refuses %s with %i and changes nothing', async (who, status, code) => {
        const res = await stack.call(method, pathname, body?.(), who);
        expect([res.status, res.body]).toEqual([status, { message: expect.any(String), code }]);
        expect(await settingsRows()).toEqual([]);
        expect((await stack.pool.query('SELECT count(*)::int AS n FROM sync_runs')).rows[0].n).toBe(0);
      });

      it('answers an admin with 2xx', async () => {
        await stack.saveSettings();
        const res = await stack.call(method, pathname, body?.(), 'admin');
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(300);
        expect(res.headers['cache-control']).toBe('no-store');
      });
    });
  });
});

describe('migration 002 on a database with a key saved in clear', () => {
  it('drops the clear key with its row: the admin saves the settings again', async () => {
    const db = createTestSchemaPool('pos_sync_upgrade');
    const onlyFirst = await mkdtemp(path.join(tmpdir(), 'pos-sync-migrations-'));
    try {
      await cp(path.join(MIGRATIONS_DIR, '001-init.sql'), path.join(onlyFirst, '001-init.sql'));
      await runMigrations(db.pool, { schema: db.schema, dir: onlyFirst, logger: testLogger() });
      await db.pool.query(`INSERT INTO pos_settings (pos_url, api_key) VALUES ('http://pos.local:7000', 'clear-secret-key')`);

      await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR, logger: testLogger() });

      expect((await db.pool.query('SELECT * FROM pos_settings')).rows).toEqual([]);
      const columns = (await db.pool.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'pos_settings'`, [db.schema])).rows.map(
        (r) => r.column_name,
      );
      expect(columns).not.toContain('api_key');
      expect(columns).toContain('api_key_sealed');
    } finally {
      await rm(onlyFirst, { recursive: true, force: true });
      await db.cleanup();
    }
  });
});
