import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { categoryCounts } from '../db/categories.repo.js';

export function categoriesRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.categoryCounts, async (_req, res) => {
    res.json(await categoryCounts(pool));
  });
}
