import { z } from 'zod';
import { internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig } from '@pl/service-kit';

export const CatalogConfig = serviceConfig({ port: 5102, schema: 'catalog' })
  .extend({
    INTERNAL_API_TOKEN: internalApiTokenVar,
    /** Load the demo catalogue into an empty products table at start (`false` for a real shop fed by its POS). */
    SEED_DEMO_CATALOG: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  })
  .superRefine(requireInternalApiTokenInProduction);
export type CatalogConfig = z.infer<typeof CatalogConfig>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(CatalogConfig, env);
