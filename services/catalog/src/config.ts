import { z } from 'zod';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig } from '@pl/service-kit';

const CatalogEnv = serviceConfig({ port: 5102, schema: 'catalog' }).extend({
  INTERNAL_API_TOKEN: internalApiTokenVar,
  /**
   * Load the demo catalogue into an empty products table at start. Unset: yes outside production, no
   * in production (a real shop is fed by its POS, and demo goods would be for sale: decision 042).
   */
  SEED_DEMO_CATALOG: z.preprocess(emptyAsUnset, z.enum(['true', 'false']).optional()),
});

/**
 * What the catalog refuses to start with, in one place (decision 042): in production the development
 * INTERNAL_API_TOKEN. The demo catalogue is not refused but off there unless SEED_DEMO_CATALOG=true says so.
 */
export const CatalogConfig = CatalogEnv.superRefine(requireInternalApiTokenInProduction).transform((c) => ({
  ...c,
  SEED_DEMO_CATALOG: c.SEED_DEMO_CATALOG === undefined ? c.NODE_ENV !== 'production' : c.SEED_DEMO_CATALOG === 'true',
}));
export type CatalogConfig = z.infer<typeof CatalogConfig>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(CatalogConfig, env);
