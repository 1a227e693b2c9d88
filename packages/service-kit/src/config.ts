import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { urlListVar } from './upstreams.js';

/** Thrown at start when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Loads a `.env` file into process.env when there is one, before the config is read: `.env` in the
 * working directory, or the file ENV_FILE names (ENV_FILE='' loads none: `npm start` has loaded the
 * shop's own and passes every variable on). A variable already set wins over the file, as with
 * process.loadEnvFile. Answers the file it loaded, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const name = env.ENV_FILE ?? '.env';
  if (!name) return undefined;
  const file = path.resolve(cwd, name);
  if (!existsSync(file)) return undefined;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) env[key] ??= value;
  return file;
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

/**
 * Where a service listens unless HOST says otherwise: loopback, so that under `npm start` nothing but
 * this machine (the gateway) reaches it; a container sets 0.0.0.0 (decision 044).
 */
export const DEFAULT_HOST = '127.0.0.1';

/** A TCP port from the environment, with a default. */
export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** An http(s) URL from the environment, with a default. */
export const urlVar = (fallback: string) => z.url({ protocol: /^https?$/ }).default(fallback);

/** Milliseconds a SIGTERMed process keeps serving while out of rotation (0: close at once). */
export const shutdownDrainVar = z.coerce.number().int().min(0).max(60_000).default(2000);

export const logLevelVar = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** A PostgreSQL schema name: a plain lower-case identifier, short enough for derived names (e.g. NOTIFY channels). */
export const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,47}$/;

/**
 * The environment every service reads (conventions in README / .env.example). A service extends
 * the returned object with its own keys: `serviceConfig({ port: 5102, schema: 'catalog' }).extend({...})`.
 */
export function serviceConfig(defaults: { port: number; schema: string }) {
  return z.object({
    PORT: portVar(defaults.port),
    /** The address the service listens on (docker-compose and Kubernetes set 0.0.0.0). */
    HOST: z.preprocess(emptyAsUnset, z.string().min(1).default(DEFAULT_HOST)),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').default('postgres://postgres@127.0.0.1:5432/postgres'),
    DB_SCHEMA: z.string().regex(SCHEMA_NAME_PATTERN, 'must be a lower-case identifier of at most 48 characters').default(defaults.schema),
    NATS_URL: z.string().regex(/^(nats|tls|wss?):\/\//, 'must be a nats:// URL').default('nats://127.0.0.1:4222'),
    /** One gateway's JWKS URL, or several (comma-separated): any gateway serves the same keys. */
    GATEWAY_JWKS_URL: urlListVar('http://127.0.0.1:5000/.well-known/jwks.json'),
    LOG_LEVEL: logLevelVar,
    /** On SIGTERM, how long the instance says 'draining' on /readyz while still serving, before it closes (decision 039). */
    SHUTDOWN_DRAIN_MS: shutdownDrainVar,
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  });
}

export type ServiceConfig = z.infer<ReturnType<typeof serviceConfig>>;

/**
 * The development stand-in for INTERNAL_API_TOKEN, so a service started alone still talks to its
 * peers. `npm start` passes a fresh random token to every service; production must set its own.
 */
export const DEVELOPMENT_INTERNAL_API_TOKEN = 'development-only-internal-api-token-not-a-secret';

/** For z.preprocess: an empty variable (docker-compose's `${VAR:-}`) counts as unset. */
export const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

/** The secret the services share for their internal APIs (`/internal/*`, never routed by the gateway). */
export const internalApiTokenVar = z.preprocess(
  emptyAsUnset,
  z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_INTERNAL_API_TOKEN),
);

/**
 * A `.superRefine` for a service config with INTERNAL_API_TOKEN: in production the development
 * stand-in (what an unset variable becomes) fails the start.
 */
export function requireInternalApiTokenInProduction(config: { NODE_ENV: string; INTERNAL_API_TOKEN: string }, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && config.INTERNAL_API_TOKEN === DEVELOPMENT_INTERNAL_API_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: 'required in production: a secret of 32+ characters shared by the services' });
  }
}
