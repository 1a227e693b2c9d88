import { DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadIdentityConfig } from './config.js';

const TOKEN = 'a-production-internal-token-of-40-chars!';

describe('identity config', () => {
  it('has working defaults for a local run', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      PORT: 5101,
      DB_SCHEMA: 'identity',
      INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN,
      PUBLIC_ORIGIN: 'http://localhost:5000',
      MAIL_FROM: 'Professional Liquidation <no-reply@localhost>',
      SEED_DEMO_ACCOUNTS: true,
    });
    expect(loadIdentityConfig({}).SMTP_URL).toBeUndefined();
  });

  it('never seeds demo accounts in production', () => {
    expect(loadIdentityConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: TOKEN, SEED_DEMO_ACCOUNTS: 'true' }).SEED_DEMO_ACCOUNTS).toBe(false);
    expect(loadIdentityConfig({ SEED_DEMO_ACCOUNTS: 'false' }).SEED_DEMO_ACCOUNTS).toBe(false);
  });

  it('takes an smtp(s) SMTP_URL, treats an empty one as unset and refuses other schemes', () => {
    expect(loadIdentityConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(loadIdentityConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('requires a real INTERNAL_API_TOKEN in production', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN/);
  });
});
