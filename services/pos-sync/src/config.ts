import { loadConfig, serviceConfig } from '@pl/service-kit';

export const PosSyncConfig = serviceConfig({ port: 5104, schema: 'pos_sync' });
export type PosSyncConfig = ReturnType<typeof PosSyncConfig.parse>;

export const loadPosSyncConfig = (env: NodeJS.ProcessEnv = process.env): PosSyncConfig => loadConfig(PosSyncConfig, env);
