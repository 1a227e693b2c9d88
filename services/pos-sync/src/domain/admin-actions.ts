// What an admin may ask of pos-sync besides its settings: make events due again (one, every problem
// one, or all since a time) and cancel the running sync. The routes read what they show straight
// from the repositories; every change goes through here.
import type { EventsReopened } from '@pl/contracts';
import { conflict } from '@pl/service-kit';
import { reopenEventsSince, retryEvents } from '../db/pos-events.repo.js';
import { requestCancel } from '../db/sync-runs.repo.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { SyncErrorCodes } from './run-sync.js';

/** Events made due again are applied at once by this instance's applier (any other picks them up on its next pass). */
async function reopened(ctx: PosSyncContext, count: Promise<number>): Promise<EventsReopened> {
  const answer = { count: await count };
  if (answer.count > 0) void ctx.eventApplier.kick();
  return answer;
}

/** Retries every event that failed for good, or the one with this id. */
export function retryProblemEvents(ctx: PosSyncContext, which: Parameters<typeof retryEvents>[1]): Promise<EventsReopened> {
  return reopened(ctx, retryEvents(ctx.pool, which));
}

/** Applies again every event received since `since` (after a fix on the shop's side). */
export function replayEventsSince(ctx: PosSyncContext, since: Date): Promise<EventsReopened> {
  return reopened(ctx, reopenEventsSince(ctx.pool, since));
}

/** Asks the running sync to stop after the batches it is writing; its id, or 409 when none runs. */
export async function cancelRunningSync(ctx: PosSyncContext): Promise<string> {
  const runId = await requestCancel(ctx.pool);
  if (!runId) throw conflict('No sync is running', SyncErrorCodes.notRunning);
  return runId;
}
