import { DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { identityLimits, loadIdentityConfig } from './config.js';
import { DEFAULT_LIMITS } from './domain/limits.js';

const TOKEN = 'a-production-internal-token-of-40-chars!';
/** Everything production requires but mail (each test says how mail leaves). */
const PRODUCTION_BUT_MAIL = { NODE_ENV: 'production', INTERNAL_API_TOKEN: TOKEN, TRUSTED_PROXIES: '10.0.0.0/8' };
const PRODUCTION = { ...PRODUCTION_BUT_MAIL, SMTP_URL: 'smtp://mail.example.com' };

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
    expect(loadIdentityConfig({ ...PRODUCTION, SEED_DEMO_ACCOUNTS: 'true' }).SEED_DEMO_ACCOUNTS).toBe(false);
    expect(loadIdentityConfig({ SEED_DEMO_ACCOUNTS: 'false' }).SEED_DEMO_ACCOUNTS).toBe(false);
  });

  it('takes an smtp(s) SMTP_URL, treats an empty one as unset and refuses other schemes', () => {
    expect(loadIdentityConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(loadIdentityConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it("defaults every rate limit to decision 010's numbers", () => {
    expect(identityLimits(loadIdentityConfig({}))).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.login.perClient).toEqual({ limit: 30, windowSeconds: 600 });
    expect(DEFAULT_LIMITS.rules.register).toEqual({ bucket: 'register', limit: 20, windowSeconds: 3600 });
  });

  it('reads each RATE_LIMIT_* variable as count/window', () => {
    const limits = identityLimits(
      loadIdentityConfig({
        RATE_LIMIT_LOGIN_CLIENT: '300/10m',
        RATE_LIMIT_LOGIN_ACCOUNT_CLIENT: '50/1h',
        RATE_LIMIT_LOGIN_ACCOUNT: '200/1h',
        RATE_LIMIT_KNOWN_CLIENT_DAYS: '7',
        RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: '5/1m',
        RATE_LIMIT_REGISTER: '2000/1d',
        RATE_LIMIT_FORGOT_PASSWORD: '5/30s',
        RATE_LIMIT_RESET_PASSWORD: '40/15m',
        RATE_LIMIT_VERIFY_EMAIL: '40/15m',
        RATE_LIMIT_VERIFICATION_MAIL: '10/2h',
        RATE_LIMIT_CHANGE_PASSWORD: '3/5m',
        RATE_LIMIT_ORDER_LOOKUP: '4/10m',
        RATE_LIMIT_RESET_MAILS_PER_HOUR: '6',
        RATE_LIMIT_ADDRESS_FACTOR: '500',
      }),
    );
    expect(limits).toEqual({
      rules: {
        register: { bucket: 'register', limit: 2000, windowSeconds: 86_400 },
        forgotPassword: { bucket: 'forgot-password', limit: 5, windowSeconds: 30 },
        resetPassword: { bucket: 'reset-password', limit: 40, windowSeconds: 900 },
        verifyEmail: { bucket: 'verify-email', limit: 40, windowSeconds: 900 },
        verificationMail: { bucket: 'verification-mail', limit: 10, windowSeconds: 7200 },
        changePassword: { bucket: 'change-password', limit: 3, windowSeconds: 300 },
        orderLookup: { bucket: 'order-lookup', limit: 4, windowSeconds: 600 },
      },
      login: {
        perClient: { limit: 300, windowSeconds: 600 },
        perAccountAndClient: { limit: 50, windowSeconds: 3600 },
        perAccount: { limit: 200, windowSeconds: 3600 },
        knownClientSeconds: 7 * 86_400,
        accountSlowdown: { afterFailures: 5, maxSeconds: 60 },
      },
      resetMailsPerHour: 6,
      addressFactor: 500,
    });
    expect(identityLimits(loadIdentityConfig({ RATE_LIMIT_REGISTER: '' })).rules.register.limit).toBe(20);
  });

  it('refuses a malformed limit, a zero one and a window longer than a day, naming the variable', () => {
    for (const bad of ['20', '20/h', 'twenty/1h', '0/1h', '20/0m', '20/2d', '-1/1h', '20/1w']) {
      expect(() => loadIdentityConfig({ RATE_LIMIT_REGISTER: bad })).toThrow(/RATE_LIMIT_REGISTER/);
    }
    expect(() => loadIdentityConfig({ RATE_LIMIT_ADDRESS_FACTOR: '0' })).toThrow(/RATE_LIMIT_ADDRESS_FACTOR/);
  });

  it('requires a real INTERNAL_API_TOKEN in production', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' })).toThrow(/INTERNAL_API_TOKEN: required in production/);
  });

  describe('mail', () => {
    it('goes to the dev mailbox outside production, and through SMTP_URL when it is set', () => {
      expect(loadIdentityConfig({}).MAIL_TRANSPORT).toBe('dev-mailbox');
      expect(loadIdentityConfig({ SMTP_URL: 'smtp://mail.example.com' }).MAIL_TRANSPORT).toBe('smtp');
      expect(loadIdentityConfig({ MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log');
    });

    it('refuses to start in production without SMTP_URL, naming it and the way to log-only mail', () => {
      expect(() => loadIdentityConfig(PRODUCTION_BUT_MAIL)).toThrow(/SMTP_URL: required in production: .*MAIL_TRANSPORT=log/);
      expect(() => loadIdentityConfig({ ...PRODUCTION_BUT_MAIL, SMTP_URL: '' })).toThrow(/SMTP_URL: required in production/);
    });

    it('starts in production with SMTP_URL, or with MAIL_TRANSPORT=log on purpose', () => {
      expect(loadIdentityConfig({ ...PRODUCTION_BUT_MAIL, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).MAIL_TRANSPORT).toBe('smtp');
      expect(loadIdentityConfig({ ...PRODUCTION_BUT_MAIL, MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log');
    });

    it('refuses MAIL_TRANSPORT=smtp without SMTP_URL, and values it does not know', () => {
      expect(() => loadIdentityConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required with MAIL_TRANSPORT=smtp/);
      expect(() => loadIdentityConfig({ MAIL_TRANSPORT: 'dev-mailbox' })).toThrow(/MAIL_TRANSPORT/);
    });
  });

  it('trusts forwarded headers from loopback unless TRUSTED_PROXIES names the gateways, which production must (decision 044)', () => {
    expect(loadIdentityConfig({}).TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    expect(loadIdentityConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, fd00::/8 ' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(loadIdentityConfig({ TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    for (const bad of ['gateway', '10.0.0.0/40', ',']) expect(() => loadIdentityConfig({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: TOKEN })).toThrow(/TRUSTED_PROXIES: required in production/);
    expect(loadIdentityConfig(PRODUCTION).TRUSTED_PROXIES).toEqual(['10.0.0.0/8']);
  });
});
