import { Router } from 'express';
import { ApiPaths, CurrentStockQuery, ReportRangeQuery } from '@pl/contracts';
import { parseInput, requireAdmin, type Pool } from '@pl/service-kit';
import { inventoryValueReport, markdownSavingsReport, sellThroughReport, sendInventoryExport } from '../domain/stock-reports.js';

/** The owner's reports on stock and markdowns, and the inventory export (admins only; the gateway checks too). */
export function reportsRoutes(pool: Pool): Router {
  const paths = ApiPaths.catalog;
  const router = Router();
  router.use([paths.sellThroughReport, paths.inventoryValueReport, paths.markdownSavingsReport, paths.inventoryExport], requireAdmin, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  router.get(paths.sellThroughReport, async (req, res) => {
    res.json(await sellThroughReport(pool, parseInput(ReportRangeQuery, req.query)));
  });
  router.get(paths.inventoryValueReport, async (req, res) => {
    parseInput(CurrentStockQuery, req.query);
    res.json(await inventoryValueReport(pool));
  });
  router.get(paths.markdownSavingsReport, async (req, res) => {
    res.json(await markdownSavingsReport(pool, parseInput(ReportRangeQuery, req.query)));
  });
  router.get(paths.inventoryExport, async (req, res) => {
    parseInput(CurrentStockQuery, req.query);
    await sendInventoryExport(pool, res);
  });
  return router;
}
