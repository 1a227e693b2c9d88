import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { categoryCounts } from '../db/categories.repo.js';
import type { ReadCache } from '../domain/read-cache.js';

/** Products per category: counted once per catalogue change, through the read cache. */
export function categoriesRoutes(pool: Pool, cache: ReadCache): Router {
  return Router().get(ApiPaths.catalog.categoryCounts, async (req, res) => {
    await cache.answer(req, res, () => categoryCounts(pool));
  });
}
