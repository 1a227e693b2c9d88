import { z } from './zod-config.js';

/** Served by the gateway at REMOTES_CONFIG_PATH: where each remote's manifest lives right now. */
export const RemotesConfig = z.object({
  remotes: z.array(z.object({ name: z.string(), entry: z.url() })),
});
export type RemotesConfig = z.infer<typeof RemotesConfig>;
