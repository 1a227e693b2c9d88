import { loadConfig, serviceConfig } from '@pl/service-kit';

export const CartConfig = serviceConfig({ port: 5103, schema: 'cart' });
export type CartConfig = ReturnType<typeof CartConfig.parse>;

export const loadCartConfig = (env: NodeJS.ProcessEnv = process.env): CartConfig => loadConfig(CartConfig, env);
