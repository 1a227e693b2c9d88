import { loadConfig, serviceConfig } from '@pl/service-kit';

export const IdentityConfig = serviceConfig({ port: 5101, schema: 'identity' });
export type IdentityConfig = ReturnType<typeof IdentityConfig.parse>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(IdentityConfig, env);
