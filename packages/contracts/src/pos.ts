import { z } from './zod-config.js';

export const PosConfig = z.object({ configured: z.boolean(), posUrl: z.string().nullable() });
export type PosConfig = z.infer<typeof PosConfig>;

export const SavePosConfigPayload = z.strictObject({ posUrl: z.string().max(2048), apiKey: z.string().max(4096) });

export const SyncStatus = z.object({
  status: z.enum(['syncing', 'error', 'ready']),
  lastSyncAt: z.string().nullable(),
  totalProducts: z.number().int(),
  /** With status ready: a warning of the last run (e.g. products it could not save). */
  lastError: z.string().nullable(),
  /**
   * Sales on their way to the POS (pending) and sales it refused or that were given up (failed).
   * Optional: a pos-sync older than this field does not send it.
   */
  writebacks: z.object({ pending: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }).optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const SyncTriggerResult = z.object({
  stats: z.object({ productsCreated: z.number().int(), productsUpdated: z.number().int() }),
});
export type SyncTriggerResult = z.infer<typeof SyncTriggerResult>;

export const TestConnectionResult = z.object({ connected: z.boolean(), message: z.string() });
export type TestConnectionResult = z.infer<typeof TestConnectionResult>;

/**
 * Where the POS delivers its signed webhooks (pos-sync; the gateway routes it without a session:
 * the signature is the authentication).
 */
export const PosWebhookPath = '/api/webhooks/pos';

export const IngestedEvent = z.object({
  id: z.string(),
  type: z.string(),
  payload: z.unknown(),
  ingestedAt: z.string(),
});
export type IngestedEvent = z.infer<typeof IngestedEvent>;

/** GET /api/admin/events answers with a plain array, newest first. */
export const IngestedEventList = z.array(IngestedEvent);
