import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, type PosConfig } from '@pl/contracts';
import { parseInput, requireAdmin, type Pool } from '@pl/service-kit';
import { listRecentEvents } from '../db/pos-events.repo.js';
import { findPosUrl } from '../db/pos-settings.repo.js';
import { latestSyncRuns } from '../db/sync-runs.repo.js';
import { toSyncStatus } from '../domain/sync-status.js';

const EventsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

export function adminRoutes(pool: Pool): Router {
  return (
    Router()
      // Everything under /api/admin here is for admins, including paths that do not exist:
      // strangers learn nothing about which admin routes there are.
      .use('/api/admin', requireAdmin)
      .get(ApiPaths.pos.status, async (_req, res) => {
        const { latest, lastSucceeded } = await latestSyncRuns(pool);
        res.set('cache-control', 'no-store');
        res.json(toSyncStatus(latest, lastSucceeded));
      })
      .get(ApiPaths.pos.events, async (req, res) => {
        const { limit } = parseInput(EventsQuery, req.query);
        res.set('cache-control', 'no-store');
        res.json(await listRecentEvents(pool, limit));
      })
      .get(ApiPaths.pos.config, async (_req, res) => {
        const posUrl = await findPosUrl(pool);
        const body: PosConfig = { configured: posUrl !== undefined, posUrl: posUrl ?? null };
        res.json(body);
      })
  );
}
