import { DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadCatalogConfig } from './config.js';

describe('catalog config', () => {
  it('has working development defaults', () => {
    expect(loadCatalogConfig({})).toMatchObject({ PORT: 5102, DB_SCHEMA: 'catalog', INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN, SEED_DEMO_CATALOG: true });
  });

  it('turns the demo seed off, and rejects anything but true or false', () => {
    expect(loadCatalogConfig({ SEED_DEMO_CATALOG: 'false' }).SEED_DEMO_CATALOG).toBe(false);
    expect(() => loadCatalogConfig({ SEED_DEMO_CATALOG: 'no' })).toThrow(/SEED_DEMO_CATALOG/);
  });

  it('loads the demo catalogue in production only when SEED_DEMO_CATALOG=true says so', () => {
    const production = { NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32) };
    expect(loadCatalogConfig(production).SEED_DEMO_CATALOG).toBe(false);
    expect(loadCatalogConfig({ ...production, SEED_DEMO_CATALOG: '' }).SEED_DEMO_CATALOG).toBe(false);
    expect(loadCatalogConfig({ ...production, SEED_DEMO_CATALOG: 'true' }).SEED_DEMO_CATALOG).toBe(true);
  });

  it('requires a real INTERNAL_API_TOKEN in production', () => {
    expect(() => loadCatalogConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN: required in production/);
    expect(loadCatalogConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32) }).INTERNAL_API_TOKEN).toBe('x'.repeat(32));
  });
});
