import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { listLocations } from '../db/locations.repo.js';

export function locationsRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.locations, async (_req, res) => {
    res.json(await listLocations(pool));
  });
}
