import { ConfigError, DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadGatewayConfig } from '../src/config';

describe('gateway configuration', () => {
  const load = (env: Record<string, string>) => loadGatewayConfig(env, '/repo');

  it('uses the development internal API token when INTERNAL_API_TOKEN is unset or empty outside production', () => {
    expect(load({}).internalApiToken).toBe(DEVELOPMENT_INTERNAL_API_TOKEN);
    expect(load({ INTERNAL_API_TOKEN: '' }).internalApiToken).toBe(DEVELOPMENT_INTERNAL_API_TOKEN);
  });

  it('refuses to start in production without INTERNAL_API_TOKEN, like the services', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN/);
  });

  it('refuses a short INTERNAL_API_TOKEN', () => {
    expect(() => load({ INTERNAL_API_TOKEN: 'short' })).toThrow(/INTERNAL_API_TOKEN: must be at least 32 characters/);
  });

  it('takes a real INTERNAL_API_TOKEN in production', () => {
    const token = 'a-real-shared-secret-of-32-characters-or-more';
    expect(load({ NODE_ENV: 'production', INTERNAL_API_TOKEN: token, JWT_PRIVATE_KEY: 'a PEM' }).internalApiToken).toBe(token);
  });

  it('refuses to start in production without the JWT signing key, naming it, rather than generating one', () => {
    const token = 'a-real-shared-secret-of-32-characters-or-more';
    expect(() => load({ NODE_ENV: 'production', INTERNAL_API_TOKEN: token })).toThrow(/JWT_PRIVATE_KEY: required in production/);
    expect(() => load({ NODE_ENV: 'production', INTERNAL_API_TOKEN: token, JWT_PRIVATE_KEY: '' })).toThrow(/JWT_PRIVATE_KEY: required in production/);
    expect(load({ JWT_PRIVATE_KEY: '' }).jwt.privateKeyPem).toBeUndefined();
  });

  it('trusts PUBLIC_ORIGIN and WS_ALLOWED_ORIGINS for unsafe API requests', () => {
    const config = load({ PUBLIC_ORIGIN: 'https://shop.example/', WS_ALLOWED_ORIGINS: 'http://localhost:5200, https://shop.example' });
    expect(config.trustedOrigins).toEqual(['https://shop.example', 'http://localhost:5200']);
  });

  it('trusts no front proxy unless GATEWAY_TRUSTED_PROXIES names some: addresses, CIDR ranges or range names', () => {
    expect(load({}).trustedProxies).toEqual([]);
    expect(load({ GATEWAY_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8 ,loopback' }).trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses a GATEWAY_TRUSTED_PROXIES entry that is no address or range, naming it', () => {
    for (const bad of ['lb.internal', '10.0.0.0/33', '0.0.0.0/0', '10.0.0.1/8/8', '*']) {
      expect(() => load({ GATEWAY_TRUSTED_PROXIES: `127.0.0.1,${bad}` })).toThrow(new RegExp(`GATEWAY_TRUSTED_PROXIES: .*${bad.replace(/[.*/]/g, '\\$&')}`));
    }
  });
});
