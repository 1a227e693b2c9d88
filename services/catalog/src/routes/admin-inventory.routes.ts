import { Router } from 'express';
import { ApiPaths, type AdminInventoryEntry } from '@pl/contracts';
import { requireAdmin, type Pool } from '@pl/service-kit';
import { listProducts } from '../db/products.repo.js';
import { toProduct } from '../domain/product-view.js';

export function adminInventoryRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.adminInventory, requireAdmin, async (_req, res) => {
    const entries: AdminInventoryEntry[] = (await listProducts(pool)).map((record) => {
      const { variants, ...product } = toProduct(record);
      return { product, variants };
    });
    res.json(entries);
  });
}
