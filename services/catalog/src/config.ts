import { INTAKE_STALE_DAYS_DEFAULT } from '@pl/contracts';
import path from 'node:path';
import { z } from 'zod';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig } from '@pl/service-kit';
import { MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT } from './domain/markdowns.js';
import { OBJECT_KEY } from './storage/object-storage.js';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

const CatalogEnv = serviceConfig({ port: 5102, schema: 'catalog' }).extend({
  INTERNAL_API_TOKEN: internalApiTokenVar,
  /**
   * Load the demo catalogue into an empty products table at start. Unset: yes outside production, no
   * in production (a real shop is fed by its POS, and demo goods would be for sale: decision 042).
   */
  SEED_DEMO_CATALOG: z.preprocess(emptyAsUnset, z.enum(['true', 'false']).optional()),
  /**
   * Where photos are kept (decision 049): `filesystem` (a folder) or `s3` (a bucket of AWS S3, MinIO,
   * R2). Unset: the folder outside production; production must say which (refused below).
   */
  /** The intake desk's 'stale' queue: listings inspected more than this many days ago. */
  INTAKE_STALE_DAYS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3650).default(INTAKE_STALE_DAYS_DEFAULT)),
  /** How often the markdown rules run on schedule (decision 052): hours between runs, 24 (daily) by default. */
  MARKDOWN_RUN_INTERVAL_HOURS: z.preprocess(emptyAsUnset, z.coerce.number().min(0.01).max(24 * 31).default(MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT)),
  OBJECT_STORAGE: optional(z.enum(['filesystem', 's3'])),
  /** The folder of OBJECT_STORAGE=filesystem, from the working directory (`npm start` passes <checkout>/.data/objects). */
  OBJECT_STORAGE_DIR: z.preprocess(emptyAsUnset, z.string().default('.data/objects')),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots and hyphens')),
  /** R2 takes `auto`. */
  S3_REGION: z.preprocess(emptyAsUnset, z.string().min(1).default('us-east-1')),
  /** Another S3-compatible service (e.g. http://minio:9000, https://<account>.r2.cloudflarestorage.com); unset: AWS. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  /** `true`: the bucket in the URL's path (MinIO); `false`: in the host name (AWS, R2). */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUnset, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, shared files, the instance's or pod's role). */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** A folder of the bucket to keep the shop's files under (a bucket shared with other shops or stages). */
  S3_PREFIX: optional(z.string().regex(OBJECT_KEY, 'a folder name such as shop or staging/shop (lower-case, no leading or trailing slash)')),
});

export const CatalogConfig = CatalogEnv.superRefine(refuseUnsafeSettings).transform((c) => ({
  ...c,
  SEED_DEMO_CATALOG: c.SEED_DEMO_CATALOG === undefined ? c.NODE_ENV !== 'production' : c.SEED_DEMO_CATALOG === 'true',
  OBJECT_STORAGE: c.OBJECT_STORAGE ?? 'filesystem',
  OBJECT_STORAGE_DIR: path.resolve(c.OBJECT_STORAGE_DIR),
}));
export type CatalogConfig = z.infer<typeof CatalogConfig>;

/**
 * What the catalog refuses to start with, in one place (decision 042): in production the development
 * INTERNAL_API_TOKEN, and photos on the instance's own disk unless an operator asks for that by name
 * (OBJECT_STORAGE=filesystem); anywhere, a bucket storage without its bucket, or half a key pair. The
 * demo catalogue is not refused but off in production unless SEED_DEMO_CATALOG=true says so.
 */
function refuseUnsafeSettings(c: z.infer<typeof CatalogEnv>, ctx: z.RefinementCtx): void {
  requireInternalApiTokenInProduction(c, ctx);
  if (c.NODE_ENV === 'production' && c.OBJECT_STORAGE === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['OBJECT_STORAGE'],
      message:
        'required in production: s3 (with S3_BUCKET), as every catalog instance must see the same photos; on their own disks, a photo saved by one instance is missing on the others and lost with its disk. OBJECT_STORAGE=filesystem keeps them in OBJECT_STORAGE_DIR on purpose (one instance, or a volume they all share)',
    });
  }
  if (c.OBJECT_STORAGE === 's3' && c.S3_BUCKET === undefined) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with OBJECT_STORAGE=s3' });
  }
  if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = c.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (neither: the SDK finds credentials itself)' });
  }
}

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(CatalogConfig, env);
