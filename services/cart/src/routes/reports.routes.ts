import { Router } from 'express';
import { ApiPaths, ReportRangeQuery } from '@pl/contracts';
import { parseInput, requireAdmin } from '@pl/service-kit';
import type { CartContext } from '../domain/cart-context.js';
import { salesPerDayReport, sendOrdersExport } from '../domain/sales-reports.js';

/** The owner's sales report and the orders export (admins only; the gateway checks too). */
export function reportsRoutes(ctx: CartContext): Router {
  const { salesReport, ordersExport } = ApiPaths.cart;
  const router = Router();
  router.use([salesReport, ordersExport], requireAdmin, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  router.get(salesReport, async (req, res) => {
    res.json(await salesPerDayReport(ctx.pool, parseInput(ReportRangeQuery, req.query)));
  });
  router.get(ordersExport, async (req, res) => {
    await sendOrdersExport(ctx.pool, parseInput(ReportRangeQuery, req.query), res);
  });
  return router;
}
