import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, AuditQuery, ReplayEventsRequest, type PosConfig, type ProblemEventList, type SyncStatus, type SyncTriggerAccepted, type SyncTriggerResult } from '@pl/contracts';
import { auditActor, notFound, parseInput, requireAdmin, type Queryable } from '@pl/service-kit';
import { listProblemEvents, listRecentEvents } from '../db/pos-events.repo.js';
import { findPosUrl } from '../db/pos-settings.repo.js';
import { latestSyncRuns } from '../db/sync-runs.repo.js';
import { countPriceWritebacks } from '../db/price-writebacks.repo.js';
import { countManifestWritebacks, countWritebacks } from '../db/writebacks.repo.js';
import { cancelRunningSync, replayEventsSince, retryProblemEvents } from '../domain/admin-actions.js';
import { auditPage } from '../domain/audit-log.js';
import { savePosSettings, testPosConnection } from '../domain/pos-settings.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import { toSyncRun, toSyncStatus } from '../domain/sync-status.js';

const EventsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });
const EventParams = z.object({ eventId: z.string().min(1).max(200) });

async function posConfig(db: Queryable): Promise<PosConfig> {
  const posUrl = await findPosUrl(db);
  return { configured: posUrl !== undefined, posUrl: posUrl ?? null };
}

export function adminRoutes(ctx: PosSyncContext): Router {
  const { pool } = ctx;
  return (
    Router()
      // Everything under /api/admin here is for admins, including paths that do not exist:
      // strangers learn nothing about which admin routes there are.
      .use('/api/admin', requireAdmin)
      .use('/api/admin', (_req, res, next) => {
        res.set('cache-control', 'no-store');
        next();
      })
      .get(ApiPaths.pos.status, async (_req, res) => {
        const [{ latest, lastSucceeded }, writebacks, manifests, prices] = await Promise.all([
          latestSyncRuns(pool),
          countWritebacks(pool),
          countManifestWritebacks(pool),
          countPriceWritebacks(pool),
        ]);
        const body: SyncStatus = { ...toSyncStatus(latest, lastSucceeded), writebacks, manifests, prices, ...(latest ? { run: toSyncRun(latest) } : {}) };
        res.json(body);
      })
      .get(ApiPaths.pos.events, async (req, res) => {
        const { limit } = parseInput(EventsQuery, req.query);
        res.json(await listRecentEvents(pool, limit));
      })
      // The POS event inbox: what did not apply, with why; retry one or all; replay since a time.
      .get(ApiPaths.pos.eventProblems, async (req, res) => {
        const { limit } = parseInput(EventsQuery, req.query);
        const { events, total } = await listProblemEvents(pool, limit);
        res.json({
          events: events.map((e) => ({ ...e, ingestedAt: e.ingestedAt.toISOString(), nextAttemptAt: e.nextAttemptAt?.toISOString() ?? null })),
          total,
        } satisfies ProblemEventList);
      })
      .post(ApiPaths.pos.retryEvents, async (req, res) => {
        res.status(202).json(await retryProblemEvents(ctx, auditActor(req.principal), { all: true }));
      })
      .post(ApiPaths.pos.retryEvent(':eventId'), async (req, res) => {
        const { eventId } = parseInput(EventParams, req.params);
        const answer = await retryProblemEvents(ctx, auditActor(req.principal), { id: eventId });
        if (answer.count === 0) throw notFound('No event with that id is waiting to be retried');
        res.status(202).json(answer);
      })
      .post(ApiPaths.pos.replayEvents, async (req, res) => {
        const { since } = parseInput(ReplayEventsRequest, req.body);
        res.status(202).json(await replayEventsSince(ctx, auditActor(req.principal), new Date(since)));
      })
      .get(ApiPaths.pos.config, async (_req, res) => {
        res.json(await posConfig(pool));
      })
      // The answer is what GET answers afterwards: never the key.
      .post(ApiPaths.pos.config, async (req, res) => {
        await savePosSettings(ctx, auditActor(req.principal), req.body);
        res.json(await posConfig(pool));
      })
      .get(ApiPaths.pos.testConnection, async (_req, res) => {
        res.json(await testPosConnection(ctx));
      })
      // A full sync. Answered with its counts when it ends within triggerWaitMs (409 while another
      // runs, 502 with the reason when it fails); otherwise 202 with its id while it goes on in the
      // background: the status follows it, and its end is recorded there whoever watches.
      .post(ApiPaths.pos.trigger, async (req, res) => {
        const { runId, done } = await ctx.syncs.start('full', auditActor(req.principal));
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<'later'>((resolve) => (timer = setTimeout(() => resolve('later'), ctx.settings.triggerWaitMs)));
        try {
          const outcome = await Promise.race([done, waited]);
          if (outcome === 'later') {
            res.status(202).location(ApiPaths.pos.status).json({ runId } satisfies SyncTriggerAccepted);
            return;
          }
          res.json({ stats: outcome, runId } satisfies SyncTriggerResult);
        } finally {
          clearTimeout(timer);
        }
      })
      // Cancel: the running run stops after the batches it is writing (202); 409 when none runs.
      .post(ApiPaths.pos.cancel, async (req, res) => {
        res.status(202).json({ runId: await cancelRunningSync(ctx, auditActor(req.principal)) } satisfies SyncTriggerAccepted);
      })
      // The merged audit log, newest first (read-only: no route edits or deletes an entry).
      .get(ApiPaths.pos.audit, async (req, res) => {
        res.json(await auditPage(pool, parseInput(AuditQuery, req.query)));
      })
  );
}
