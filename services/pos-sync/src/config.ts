import { z } from 'zod';
import { PosWebhookPath } from '@pl/contracts';
import { parsePrivateAddressAllowance, type PrivateAddressAllowance } from './connector/pos-address-policy.js';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig, urlVar, urlListVar } from '@pl/service-kit';

/** 32 bytes, written as 64 hex characters or as base64 / base64url (43 characters, optional '='). */
export function parseSettingsKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}

const settingsKeyVar = z.preprocess(
  emptyAsUnset,
  z
    .string()
    .transform((value, ctx) => {
      const key = parseSettingsKey(value.trim());
      if (!key) ctx.addIssue({ code: 'custom', message: 'must be 32 bytes written as 64 hex characters or as base64' });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
);

/** POS_ALLOW_PRIVATE_ADDRESSES: `on`, `off` or CIDR ranges; unset here, decided by NODE_ENV below. */
const privateAddressesVar = z.preprocess(
  emptyAsUnset,
  z
    .string()
    .transform((value, ctx): PrivateAddressAllowance => {
      const parsed = parsePrivateAddressAllowance(value);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return false;
      }
      return parsed;
    })
    .optional(),
);

const seconds = (fallback: number, min: number) => z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(86_400).default(fallback));

export const PosSyncConfig = serviceConfig({ port: 5104, schema: 'pos_sync' })
  .extend({
    INTERNAL_API_TOKEN: internalApiTokenVar,
    /** The catalog: its internal API (product and stock writes, order allocations) and its public locations list. */
    CATALOG_URL: urlListVar('http://127.0.0.1:5102'),
    /**
     * The AES-256-GCM key that encrypts the saved POS API key and webhook key at rest. Required in
     * production; unset elsewhere, main.ts makes a random one for the process (and says so).
     */
    POS_SETTINGS_KEY: settingsKeyVar,
    /** Incremental sync from the POS every so many seconds (0: only when an admin asks). */
    POS_SYNC_INTERVAL_S: seconds(300, 0),
    /** A webhook whose signed timestamp is further than this from our clock is refused (replays). */
    POS_WEBHOOK_TOLERANCE_S: seconds(300, 1),
    /** Where the shop is served (through the gateway). */
    PUBLIC_ORIGIN: urlVar('http://localhost:5000'),
    /** The URL the POS delivers webhooks to; unset: PUBLIC_ORIGIN + /api/webhooks/pos. */
    POS_WEBHOOK_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
    /**
     * How long POST /api/admin/sync/trigger waits for its run before answering 202 (the run goes on;
     * the status follows it). Keep it below the gateway's UPSTREAM_TIMEOUT_MS.
     */
    SYNC_TRIGGER_WAIT_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(60_000).default(8_000)),
    /**
     * Whether the POS may be at a loopback, link-local or private address (decision 046): `on`, `off`,
     * or the CIDR ranges allowed besides public addresses. Unset: `off` in production, `on` elsewhere
     * (npm start's reference POS is at 127.0.0.1).
     */
    POS_ALLOW_PRIVATE_ADDRESSES: privateAddressesVar,
    /** How long one call to the POS may take. */
    POS_REQUEST_TIMEOUT_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(120_000).default(10_000)),
  })
  .superRefine(refuseUnsafeSettings)
  .transform((c) => ({
    ...c,
    POS_WEBHOOK_URL: c.POS_WEBHOOK_URL ?? new URL(PosWebhookPath, c.PUBLIC_ORIGIN).toString(),
    POS_ALLOW_PRIVATE_ADDRESSES: c.POS_ALLOW_PRIVATE_ADDRESSES ?? c.NODE_ENV !== 'production',
  }));
export type PosSyncConfig = z.infer<typeof PosSyncConfig>;

/**
 * What pos-sync refuses to start with, in one place (decision 042): in production the development
 * INTERNAL_API_TOKEN and a settings key made up per process. A POS at a private address is not
 * refused but off there unless POS_ALLOW_PRIVATE_ADDRESSES says so (decision 046).
 */
function refuseUnsafeSettings(c: { NODE_ENV: string; INTERNAL_API_TOKEN: string; POS_SETTINGS_KEY?: Buffer }, ctx: z.RefinementCtx): void {
  requireInternalApiTokenInProduction(c, ctx);
  if (c.NODE_ENV === 'production' && c.POS_SETTINGS_KEY === undefined) {
    ctx.addIssue({ code: 'custom', path: ['POS_SETTINGS_KEY'], message: 'required in production: 32 random bytes as 64 hex characters (e.g. `openssl rand -hex 32`)' });
  }
}

export const loadPosSyncConfig = (env: NodeJS.ProcessEnv = process.env): PosSyncConfig => loadConfig(PosSyncConfig, env);
