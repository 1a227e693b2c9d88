import { z } from './zod-config.js';
import { oneLineText } from './text.js';

export const PosConfig = z.object({ configured: z.boolean(), posUrl: z.string().nullable() });
export type PosConfig = z.infer<typeof PosConfig>;

export const SavePosConfigPayload = z.strictObject({ posUrl: oneLineText(2048), apiKey: oneLineText(4096) });

/**
 * The latest sync run as it goes (or as it ended): how many products it has handled of how many the
 * POS said there are (null: the POS does not tell), what they became, and when it should end at this
 * pace (null until it can be told).
 */
export const SyncRun = z.object({
  id: z.string(),
  kind: z.enum(['full', 'incremental']),
  status: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  productsCreated: z.number().int().nonnegative(),
  productsUpdated: z.number().int().nonnegative(),
  estimatedEndAt: z.string().nullable(),
  /** An admin asked to cancel it; it stops after the batches it is writing. */
  cancelRequested: z.boolean(),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof SyncRun>;

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
  /**
   * Batches of a manifest's rows on their way to the POS (items to create, units to receive), those
   * it refused or that were given up, and the latest refusal in its words. Optional: a pos-sync older
   * than this field does not send it.
   */
  manifests: z
    .object({ pending: z.number().int().nonnegative(), failed: z.number().int().nonnegative(), lastFailure: z.string().nullable() })
    .optional(),
  /**
   * Prices the shop set (markdowns) on their way to the POS, those it refused or that were given up,
   * and the latest refusal. Optional: a pos-sync older than this field does not send it.
   */
  prices: z
    .object({ pending: z.number().int().nonnegative(), failed: z.number().int().nonnegative(), lastFailure: z.string().nullable() })
    .optional(),
  /** The latest run, running or ended (absent before the first). Optional: a pos-sync older than this field does not send it. */
  run: SyncRun.optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** POST /api/admin/sync/trigger when the run ended within pos-sync's SYNC_TRIGGER_WAIT_MS (200); `runId` names it on the status. */
export const SyncTriggerResult = z.object({
  stats: z.object({ productsCreated: z.number().int(), productsUpdated: z.number().int() }),
  runId: z.string().optional(),
});
export type SyncTriggerResult = z.infer<typeof SyncTriggerResult>;
/** POST /api/admin/sync/trigger when the run goes on in the background (202): follow it on the status. */
export const SyncTriggerAccepted = z.object({ runId: z.string() });
export type SyncTriggerAccepted = z.infer<typeof SyncTriggerAccepted>;


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

/** An event of the POS event inbox: one that failed to apply (kept until retried), or one still retried after an error. */
export const ProblemEvent = IngestedEvent.extend({
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int().nonnegative(),
  /** Why it did not apply (the last attempt's error). */
  error: z.string(),
  /** When it is tried again on its own (pending only). */
  nextAttemptAt: z.string().nullable(),
});
export type ProblemEvent = z.infer<typeof ProblemEvent>;
/** GET /api/admin/events/problems: the newest problems first, and how many there are in all. */
export const ProblemEventList = z.object({ events: z.array(ProblemEvent), total: z.number().int().nonnegative() });
export type ProblemEventList = z.infer<typeof ProblemEventList>;
/** POST /api/admin/events/replay: re-apply every event received at or after `since`. */
export const ReplayEventsRequest = z.strictObject({ since: z.iso.datetime({ offset: true }) });
export type ReplayEventsRequest = z.infer<typeof ReplayEventsRequest>;
/** The answer of a retry or a replay: how many events are to be applied again. */
export const EventsReopened = z.object({ count: z.number().int().nonnegative() });
export type EventsReopened = z.infer<typeof EventsReopened>;
