import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadPosSyncConfig, parseSettingsKey } from './config.js';

describe('pos-sync config', () => {
  it('has working development defaults', () => {
    expect(loadPosSyncConfig({})).toMatchObject({
      PORT: 5104,
      DB_SCHEMA: 'pos_sync',
      CATALOG_URL: ['http://127.0.0.1:5102'],
      INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN,
      POS_SYNC_INTERVAL_S: 300,
      POS_WEBHOOK_TOLERANCE_S: 300,
      PUBLIC_ORIGIN: 'http://localhost:5000',
      POS_WEBHOOK_URL: 'http://localhost:5000/api/webhooks/pos',
      POS_REQUEST_TIMEOUT_MS: 10_000,
    });
    expect(loadPosSyncConfig({}).POS_SETTINGS_KEY).toBeUndefined();
  });

  it('derives the webhook URL from PUBLIC_ORIGIN unless POS_WEBHOOK_URL is set', () => {
    expect(loadPosSyncConfig({ PUBLIC_ORIGIN: 'https://shop.example' }).POS_WEBHOOK_URL).toBe('https://shop.example/api/webhooks/pos');
    expect(loadPosSyncConfig({ PUBLIC_ORIGIN: 'https://shop.example', POS_WEBHOOK_URL: 'https://hooks.example/pos' }).POS_WEBHOOK_URL).toBe('https://hooks.example/pos');
    expect(() => loadPosSyncConfig({ POS_WEBHOOK_URL: 'ftp://hooks.example/pos' })).toThrow(/POS_WEBHOOK_URL/);
  });

  it('reads the settings key as 64 hex characters or as base64', () => {
    const key = randomBytes(32);
    expect(loadPosSyncConfig({ POS_SETTINGS_KEY: key.toString('hex') }).POS_SETTINGS_KEY).toEqual(key);
    expect(loadPosSyncConfig({ POS_SETTINGS_KEY: key.toString('base64') }).POS_SETTINGS_KEY).toEqual(key);
    expect(loadPosSyncConfig({ POS_SETTINGS_KEY: key.toString('base64url') }).POS_SETTINGS_KEY).toEqual(key);
    expect(parseSettingsKey(key.toString('hex').toUpperCase())).toEqual(key);
  });

  it.each([
    ['too short', randomBytes(16).toString('hex')],
    ['too long', randomBytes(33).toString('hex')],
    ['not a key', 'correct horse battery staple'],
  ])('rejects a settings key that is %s', (_why, value) => {
    expect(() => loadPosSyncConfig({ POS_SETTINGS_KEY: value })).toThrow(/POS_SETTINGS_KEY: must be 32 bytes/);
  });

  it('counts an empty settings key as unset', () => {
    expect(loadPosSyncConfig({ POS_SETTINGS_KEY: '' }).POS_SETTINGS_KEY).toBeUndefined();
  });

  it('requires a settings key and a real INTERNAL_API_TOKEN in production', () => {
    expect(() => loadPosSyncConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32) })).toThrow(/POS_SETTINGS_KEY: required in production/);
    expect(() => loadPosSyncConfig({ NODE_ENV: 'production', POS_SETTINGS_KEY: randomBytes(32).toString('hex') })).toThrow(/INTERNAL_API_TOKEN: required in production/);
    const key = randomBytes(32);
    expect(loadPosSyncConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), POS_SETTINGS_KEY: key.toString('hex') }).POS_SETTINGS_KEY).toEqual(key);
  });

  it('allows private POS addresses outside production and refuses them in production unless an operator allows them', () => {
    const production = { NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), POS_SETTINGS_KEY: randomBytes(32).toString('hex') };
    expect(loadPosSyncConfig({}).POS_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(loadPosSyncConfig({ POS_ALLOW_PRIVATE_ADDRESSES: 'off' }).POS_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(loadPosSyncConfig(production).POS_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(loadPosSyncConfig({ ...production, POS_ALLOW_PRIVATE_ADDRESSES: '' }).POS_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(loadPosSyncConfig({ ...production, POS_ALLOW_PRIVATE_ADDRESSES: 'on' }).POS_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(loadPosSyncConfig({ ...production, POS_ALLOW_PRIVATE_ADDRESSES: '10.20.0.0/16, fd00:1::/64' }).POS_ALLOW_PRIVATE_ADDRESSES).toEqual(['10.20.0.0/16', 'fd00:1::/64']);
  });

  it.each(['yes', '10.20.0.0', '10.20.0.0/33', 'on,10.0.0.0/8', ','])('rejects POS_ALLOW_PRIVATE_ADDRESSES=%s naming the variable', (value) => {
    expect(() => loadPosSyncConfig({ POS_ALLOW_PRIVATE_ADDRESSES: value })).toThrow(/POS_ALLOW_PRIVATE_ADDRESSES: must be on, off, or comma-separated CIDR ranges/);
  });

  it('turns the scheduled sync off with 0 and rejects nonsense intervals and timeouts', () => {
    expect(loadPosSyncConfig({ POS_SYNC_INTERVAL_S: '0' }).POS_SYNC_INTERVAL_S).toBe(0);
    expect(() => loadPosSyncConfig({ POS_SYNC_INTERVAL_S: '-5' })).toThrow(/POS_SYNC_INTERVAL_S/);
    expect(() => loadPosSyncConfig({ POS_WEBHOOK_TOLERANCE_S: '0' })).toThrow(/POS_WEBHOOK_TOLERANCE_S/);
    expect(() => loadPosSyncConfig({ POS_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/POS_REQUEST_TIMEOUT_MS/);
    expect(loadPosSyncConfig({ POS_REQUEST_TIMEOUT_MS: '2500' }).POS_REQUEST_TIMEOUT_MS).toBe(2500);
  });
});
