import path from 'node:path';
import { ConfigError, DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadCatalogConfig } from './config.js';

/** The issues a configuration is refused with, one line per variable. */
const refusal = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadCatalogConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  throw new Error('the configuration was accepted');
};

describe('catalog config', () => {
  it('has working development defaults', () => {
    expect(loadCatalogConfig({})).toMatchObject({ PORT: 5102, DB_SCHEMA: 'catalog', INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN, SEED_DEMO_CATALOG: true });
  });

  it("takes the intake desk's stale age in whole days, 90 unless set", () => {
    expect([loadCatalogConfig({}).INTAKE_STALE_DAYS, loadCatalogConfig({ INTAKE_STALE_DAYS: '' }).INTAKE_STALE_DAYS, loadCatalogConfig({ INTAKE_STALE_DAYS: '30' }).INTAKE_STALE_DAYS]).toEqual([90, 90, 30]);
    for (const bad of ['0', '2.5', 'soon']) expect(refusal({ INTAKE_STALE_DAYS: bad }).join()).toMatch(/INTAKE_STALE_DAYS/);
  });

  it('turns the demo seed off, and rejects anything but true or false', () => {
    expect(loadCatalogConfig({ SEED_DEMO_CATALOG: 'false' }).SEED_DEMO_CATALOG).toBe(false);
    expect(() => loadCatalogConfig({ SEED_DEMO_CATALOG: 'no' })).toThrow(/SEED_DEMO_CATALOG/);
  });

  it('loads the demo catalogue in production only when SEED_DEMO_CATALOG=true says so', () => {
    const production = { NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), OBJECT_STORAGE: 'filesystem' };
    expect(loadCatalogConfig(production).SEED_DEMO_CATALOG).toBe(false);
    expect(loadCatalogConfig({ ...production, SEED_DEMO_CATALOG: '' }).SEED_DEMO_CATALOG).toBe(false);
    expect(loadCatalogConfig({ ...production, SEED_DEMO_CATALOG: 'true' }).SEED_DEMO_CATALOG).toBe(true);
  });

  it('requires a real INTERNAL_API_TOKEN in production', () => {
    expect(() => loadCatalogConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN: required in production/);
    expect(loadCatalogConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), OBJECT_STORAGE: 'filesystem' }).INTERNAL_API_TOKEN).toBe('x'.repeat(32));
  });

  describe('object storage (decision 049)', () => {
    const production = { NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32) };

    it('keeps photos in .data/objects under the working directory by default, outside production', () => {
      expect(loadCatalogConfig({})).toMatchObject({ OBJECT_STORAGE: 'filesystem', OBJECT_STORAGE_DIR: path.resolve('.data/objects') });
      expect(loadCatalogConfig({ OBJECT_STORAGE_DIR: '/srv/shop/objects' }).OBJECT_STORAGE_DIR).toBe('/srv/shop/objects');
    });

    it('refuses production with OBJECT_STORAGE unset, naming it and both ways out, and nothing else', () => {
      const issues = refusal(production);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(/^OBJECT_STORAGE: required in production: s3 \(with S3_BUCKET\).*OBJECT_STORAGE=filesystem/);
      expect(refusal({ ...production, OBJECT_STORAGE: '' })).toEqual(issues);
    });

    it('starts production on the filesystem when OBJECT_STORAGE=filesystem says so', () => {
      expect(loadCatalogConfig({ ...production, OBJECT_STORAGE: 'filesystem' }).OBJECT_STORAGE).toBe('filesystem');
    });

    it('refuses s3 without S3_BUCKET, anywhere', () => {
      expect(refusal({ OBJECT_STORAGE: 's3' })).toEqual(['S3_BUCKET: required with OBJECT_STORAGE=s3']);
      expect(refusal({ ...production, OBJECT_STORAGE: 's3', S3_BUCKET: '' })).toEqual(['S3_BUCKET: required with OBJECT_STORAGE=s3']);
    });

    it('takes a bucket with AWS defaults: us-east-1, host-style addressing, the SDK finding the credentials', () => {
      const config = loadCatalogConfig({ ...production, OBJECT_STORAGE: 's3', S3_BUCKET: 'shop-photos' });
      expect(config).toMatchObject({ OBJECT_STORAGE: 's3', S3_BUCKET: 'shop-photos', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
      expect([config.S3_ENDPOINT, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY, config.S3_PREFIX]).toEqual([undefined, undefined, undefined, undefined]);
    });

    it('takes a MinIO: its endpoint, path-style addressing and a key pair', () => {
      const minio = { OBJECT_STORAGE: 's3', S3_BUCKET: 'shop', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'shop', S3_SECRET_ACCESS_KEY: 'a-secret', S3_PREFIX: 'staging/shop' };
      expect(loadCatalogConfig(minio)).toMatchObject({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: true, S3_ACCESS_KEY_ID: 'shop', S3_SECRET_ACCESS_KEY: 'a-secret', S3_PREFIX: 'staging/shop' });
    });

    it('refuses half a key pair, a bad bucket name, endpoint, prefix or path-style flag, and an unknown storage', () => {
      expect(refusal({ OBJECT_STORAGE: 's3', S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'shop' })).toEqual([expect.stringMatching(/^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/)]);
      expect(refusal({ OBJECT_STORAGE: 's3', S3_BUCKET: 'Shop_Photos' })).toEqual([expect.stringMatching(/^S3_BUCKET: a bucket name/)]);
      expect(refusal({ S3_ENDPOINT: 'minio:9000' })).toEqual([expect.stringMatching(/^S3_ENDPOINT: /)]);
      expect(refusal({ S3_PREFIX: '/shop/' })).toEqual([expect.stringMatching(/^S3_PREFIX: a folder name/)]);
      expect(refusal({ S3_FORCE_PATH_STYLE: 'yes' })).toEqual([expect.stringMatching(/^S3_FORCE_PATH_STYLE: /)]);
      expect(refusal({ OBJECT_STORAGE: 'disk' })).toEqual([expect.stringMatching(/^OBJECT_STORAGE: /)]);
    });

    it('never puts the secret key in a refusal', () => {
      const issues = refusal({ ...production, OBJECT_STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'do-not-print-me' });
      expect(issues.join('\n')).not.toContain('do-not-print-me');
    });
  });
});
