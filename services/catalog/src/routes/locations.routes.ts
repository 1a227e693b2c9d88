import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { listLocations } from '../db/locations.repo.js';

const LOCATIONS_MAX_AGE_S = 60;

export function locationsRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.locations, async (_req, res) => {
    // Stores change rarely (a POS sync), and several teams on one page read them, each into its own
    // cache (decision 036): the browser's HTTP cache lets one download serve them all.
    res.set('Cache-Control', `public, max-age=${LOCATIONS_MAX_AGE_S}`).json(await listLocations(pool));
  });
}
