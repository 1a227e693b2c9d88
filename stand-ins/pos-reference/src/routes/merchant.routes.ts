import { Router } from 'express';
import type { CatalogStore } from '../store/catalog-store.js';

export const API_VERSION = '2026-11-01';

export function merchantRoutes(store: CatalogStore): Router {
  return Router()
    .get('/v1/merchant', (_req, res) => {
      res.json({ merchant: { id: 'mrc_reference', name: 'Reference POS', currency: 'USD' }, api_version: API_VERSION });
    })
    .get('/v1/locations', (_req, res) => {
      res.json({ locations: store.locations.map(({ id, name }) => ({ id, name })) });
    });
}
