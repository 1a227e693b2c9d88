import { z } from 'zod';

/** Thrown at start when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once with a zod schema and fails fast listing every bad key.
 * Nothing else in a service reads process.env.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
}

/** A TCP port from the environment, with a default. */
export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** An http(s) URL from the environment, with a default. */
export const urlVar = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);

export const logLevelVar = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
