import { Router } from 'express';
import { ApiPaths, type AdminInventoryEntry } from '@pl/contracts';
import { requireAdmin, type Pool } from '@pl/service-kit';
import { listAllProducts } from '../db/products.repo.js';
import { toProduct } from '../domain/product-view.js';

/** Every product with its variants and their stock per location (admins only; the gateway checks too). */
export function adminInventoryRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.catalog.adminInventory, requireAdmin, async (_req, res) => {
    const entries: AdminInventoryEntry[] = (await listAllProducts(pool)).map((record) => {
      const { variants, ...product } = toProduct(record);
      return { product, variants };
    });
    res.set('cache-control', 'no-store').json(entries);
  });
}
