// What an admin may ask of pos-sync besides its settings: make events due again (one, every problem
// one, or all since a time) and cancel the running sync. The routes read what they show straight
// from the repositories; every change goes through here.
import type { AuditActor, EventsReopened } from '@pl/contracts';
import { conflict, recordAdminAction, withTransaction, type PoolClient } from '@pl/service-kit';
import { reopenEventsSince, retryEvents } from '../db/pos-events.repo.js';
import { requestCancel } from '../db/sync-runs.repo.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { SyncErrorCodes } from './run-sync.js';

/**
 * Reopens events and records who did it in the same transaction (nothing when nothing reopened).
 * Events made due again are applied at once by this instance's applier (any other picks them up on its next pass).
 */
async function reopened(
  ctx: PosSyncContext,
  actor: AuditActor,
  action: { name: string; target: { id: string; label: string }; after: Record<string, unknown> },
  reopen: (client: PoolClient) => Promise<number>,
): Promise<EventsReopened> {
  const answer = await withTransaction(ctx.pool, async (client) => {
    const count = await reopen(client);
    if (count > 0) {
      await recordAdminAction(client, { service: 'pos-sync', actor, action: action.name, target: { type: 'pos-events', ...action.target }, after: { ...action.after, count } });
    }
    return { count };
  });
  if (answer.count > 0) void ctx.eventApplier.kick();
  return answer;
}

/** Retries every event that failed for good, or the one with this id. */
export function retryProblemEvents(ctx: PosSyncContext, actor: AuditActor, which: Parameters<typeof retryEvents>[1]): Promise<EventsReopened> {
  const target = 'id' in which ? { id: which.id, label: `POS event ${which.id}` } : { id: 'problems', label: 'Every problem event' };
  return reopened(ctx, actor, { name: 'pos-events.retried', target, after: {} }, (client) => retryEvents(client, which));
}

/** Applies again every event received since `since` (after a fix on the shop's side). */
export function replayEventsSince(ctx: PosSyncContext, actor: AuditActor, since: Date): Promise<EventsReopened> {
  const target = { id: since.toISOString(), label: `Events since ${since.toISOString()}` };
  return reopened(ctx, actor, { name: 'pos-events.replayed', target, after: { since: since.toISOString() } }, (client) => reopenEventsSince(client, since));
}

/** Asks the running sync to stop after the batches it is writing; its id, or 409 when none runs. */
export async function cancelRunningSync(ctx: PosSyncContext, actor: AuditActor): Promise<string> {
  const runId = await withTransaction(ctx.pool, async (client) => {
    const id = await requestCancel(client);
    if (id) await recordAdminAction(client, { service: 'pos-sync', actor, action: 'sync.cancelled', target: { type: 'sync-run', id, label: 'Running sync' }, after: null });
    return id;
  });
  if (!runId) throw conflict('No sync is running', SyncErrorCodes.notRunning);
  return runId;
}
