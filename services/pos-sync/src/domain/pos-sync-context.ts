import type { AuditActor, SyncTriggerResult } from '@pl/contracts';
import type { KickablePass, Logger, Pool } from '@pl/service-kit';
import { CatalogError, type CatalogClient } from '../clients/catalog-client.js';
import type { PosAddressPolicy } from '../connector/pos-address-policy.js';
import { PosError, type PosConnector } from '../connector/pos-connector.js';
import type { SyncKind } from '../db/sync-runs.repo.js';
import type { SecretBox } from './secret-box.js';

export interface PosSyncSettings {
  /** Where the POS must deliver webhooks (registered by every sync). */
  webhookUrl: string;
  /** How long POST /api/admin/sync/trigger waits for its run before answering 202 (below the gateway's upstream timeout). */
  triggerWaitMs: number;
  /** Webhooks signed further than this from our clock are refused. */
  webhookToleranceS: number;
  /** First retry delay of a failed event or write-back; doubles per attempt up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a partial batch of prices waits for more before it goes to the POS (PRICE_LINGER_MS). */
  priceLingerMs: number;
}

/** Everything the use cases of pos-sync work with; one per process, shared by routes and workers. */
export interface PosSyncContext {
  pool: Pool;
  logger: Logger;
  secrets: SecretBox;
  catalog: CatalogClient;
  /** Which addresses the POS may be at (decision 046). */
  addresses: PosAddressPolicy;
  /**
   * A connector for the given POS URL and API key. `failAtDeadline` for calls an admin waits on
   * (the Test button, a sync): "no POS answered" then comes at the call's deadline, never sooner;
   * `maxTimeoutMs` shortens the configured timeout.
   */
  connect(settings: { posUrl: string; apiKey: string }, call?: { failAtDeadline?: boolean; maxTimeoutMs?: number }): PosConnector;
  settings: PosSyncSettings;
  /** Applies stored webhook events (kicked by the webhook route). */
  eventApplier: KickablePass;
  /** Sends recorded sales, give-backs, manifest batches and prices to the POS (kicked by their consumers and by saving settings). */
  writebacks: KickablePass;
  /** The sync runs this instance started (an admin's trigger, the schedule). */
  syncs: SyncRunner;
}

/** Exponential back-off: retryBaseMs, twice that, ... capped at retryMaxMs. */
export const retryDelayMs = (settings: Pick<PosSyncSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number) =>
  Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));

/** A refusal that repeating cannot change: the POS or the catalog said no to this very request. */
export function isPermanent(err: unknown): boolean {
  if (err instanceof PosError) return err.kind === 'rejected';
  if (err instanceof CatalogError) return !err.transient;
  return false;
}

export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export type SyncStats = SyncTriggerResult['stats'];

/** Sync runs started on this instance. */
export interface SyncRunner {
  /**
   * Starts a run in the background: resolves once it is recorded, with its id and its end (the
   * counts, or a 502 with the reason). Throws a 409 when settings are missing or a run is going.
   */
  start(requested: SyncKind, startedBy?: AuditActor): Promise<{ runId: string; done: Promise<SyncStats> }>;
  /** Refuses new runs, cancels the running ones and waits for them to end (SIGTERM). */
  stop(): Promise<void>;
}
