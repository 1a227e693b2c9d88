import { Router } from 'express';
import { AdminInventoryQuery, ApiPaths, TOTAL_COUNT_HEADER, type AdminInventoryEntry } from '@pl/contracts';
import { parseInput, requireAdmin, type Pool } from '@pl/service-kit';
import { listInventoryPage } from '../db/products.repo.js';
import { toProduct } from '../domain/product-view.js';

/**
 * Products with their variants and stock per location, one page at a time (a POS can bring tens of
 * thousands); admins only, the gateway checks too. The array is the page, the header the total.
 */
export function adminInventoryRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.adminInventory, requireAdmin, async (req, res) => {
    const { records, total } = await listInventoryPage(pool, parseInput(AdminInventoryQuery, req.query));
    const entries: AdminInventoryEntry[] = records.map((record) => {
      const { variants, ...product } = toProduct(record);
      return { product, variants, publishedAt: record.publishedAt ?? null };
    });
    res.set('cache-control', 'no-store').set(TOTAL_COUNT_HEADER, String(total)).json(entries);
  });
}
