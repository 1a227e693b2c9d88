import { loadConfig, serviceConfig } from '@pl/service-kit';

export const CatalogConfig = serviceConfig({ port: 5102, schema: 'catalog' });
export type CatalogConfig = ReturnType<typeof CatalogConfig.parse>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(CatalogConfig, env);
