import { Router } from 'express';
import {
  ApiPaths,
  ErrorCodes,
  MARKDOWN_PREVIEW_MAX,
  MarkdownRuleInput,
  type MarkdownPreview,
  type MarkdownRuleList,
  type MarkdownRunList,
  type PriceHistory,
} from '@pl/contracts';
import { AppError, conflict, notFound, parseInput, requireAdmin, type Pool } from '@pl/service-kit';
import { z } from 'zod';
import { deleteRule, insertRule, listRuns, listRules, previewMarkdowns, priceHistory, updateRule, type MarkdownRuleFields } from '../db/markdowns.repo.js';
import { findProduct } from '../db/products.repo.js';
import { runMarkdowns } from '../domain/markdowns.js';

const RuleId = z.string().uuid('not a rule id');
const ProductId = z.string().uuid('not a product id');
const RECENT_RUNS = 20;

const ruleFields = (body: unknown): MarkdownRuleFields => parseInput(MarkdownRuleInput, body);
const nameTaken = () => conflict('Another rule has this name: choose another.');
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Markdown rules, their preview and runs, and a listing's price history (admins only; the gateway checks too). */
export function markdownsRoutes(pool: Pool): Router {
  const router = Router();
  for (const prefix of ['/api/admin/markdowns', '/api/admin/price-history']) {
    router.use(prefix, requireAdmin, (_req, res, next) => {
      res.set('cache-control', 'no-store');
      next();
    });
  }
  router.get(ApiPaths.catalog.markdownRules, async (_req, res) => {
    res.json({ rules: await listRules(pool) } satisfies MarkdownRuleList);
  });
  router.post(ApiPaths.catalog.markdownRules, async (req, res) => {
    const rule = await insertRule(pool, ruleFields(req.body));
    if (!rule) throw nameTaken();
    res.status(201).json(rule);
  });
  router.put(`${ApiPaths.catalog.markdownRules}/:ruleId`, async (req, res) => {
    const id = parseInput(RuleId, req.params.ruleId);
    const fields = ruleFields(req.body);
    const rule = await updateRule(pool, id, fields).catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
    if (!rule) throw notFound('Markdown rule not found');
    res.json(rule);
  });
  router.delete(`${ApiPaths.catalog.markdownRules}/:ruleId`, async (req, res) => {
    if (!(await deleteRule(pool, parseInput(RuleId, req.params.ruleId)))) throw notFound('Markdown rule not found');
    res.status(204).end();
  });
  router.get(ApiPaths.catalog.markdownPreview, async (_req, res) => {
    res.json((await previewMarkdowns(pool, MARKDOWN_PREVIEW_MAX)) satisfies MarkdownPreview);
  });
  router.get(ApiPaths.catalog.markdownRuns, async (_req, res) => {
    res.json({ runs: await listRuns(pool, RECENT_RUNS) } satisfies MarkdownRunList);
  });
  router.post(ApiPaths.catalog.markdownRuns, async (req, res) => {
    const run = await runMarkdowns(pool, 'manual', req.principal.kind === 'anonymous' ? null : req.principal.subject);
    if (!run) throw new AppError(409, ErrorCodes.conflict, 'A markdown run is under way: wait for it to finish.');
    res.status(201).json(run);
  });
  router.get('/api/admin/price-history/:productId', async (req, res) => {
    const productId = parseInput(ProductId, req.params.productId);
    if (!(await findProduct(pool, productId))) throw notFound('Product not found');
    res.json({ productId, entries: await priceHistory(pool, productId) } satisfies PriceHistory);
  });
  return router;
}
