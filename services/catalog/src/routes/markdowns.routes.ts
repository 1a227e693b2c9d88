import { Router, type Request } from 'express';
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
import { AppError, auditActor, conflict, notFound, parseInput, recordAdminAction, requireAdmin, withTransaction, type Pool, type PoolClient } from '@pl/service-kit';
import { z } from 'zod';
import { deleteRule, findRule, insertRule, listRuns, listRules, previewMarkdowns, priceHistory, updateRule, type MarkdownRuleFields } from '../db/markdowns.repo.js';
import { findProductForAdmin } from '../db/products.repo.js';
import { requestMarkdownRun } from '../domain/markdowns.js';

const RuleId = z.string().uuid('not a rule id');
const ProductId = z.string().uuid('not a product id');
const RECENT_RUNS = 20;

const ruleFields = (body: unknown): MarkdownRuleFields => parseInput(MarkdownRuleInput, body);
const nameTaken = () => conflict('Another rule has this name: choose another.');
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Markdown rules, their preview and runs, and a listing's price history (admins only; the gateway checks too). */
export interface MarkdownsRoutesOptions {
  /** Hours between scheduled runs (MARKDOWN_RUN_INTERVAL_HOURS), told with the runs. */
  runIntervalHours: number;
  /** Wakes this instance's runner for a run just asked for. */
  kickRuns: () => void;
}

export function markdownsRoutes(pool: Pool, options: MarkdownsRoutesOptions): Router {
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
  // Each change to a rule is in the audit trail with the rule before and after (decision 051).
  const audited = <T>(req: Request, change: (client: PoolClient) => Promise<{ answer: T; ruleId: string; name: string; action: string; before: unknown; after: unknown } | undefined>) =>
    withTransaction(pool, async (client) => {
      const done = await change(client);
      if (!done) return undefined;
      await recordAdminAction(client, { service: 'catalog', actor: auditActor(req.principal), action: done.action, target: { type: 'markdown-rule', id: done.ruleId, label: done.name }, before: done.before, after: done.after });
      return done.answer;
    });
  router.post(ApiPaths.catalog.markdownRules, async (req, res) => {
    const fields = ruleFields(req.body);
    const rule = await audited(req, async (client) => {
      const made = await insertRule(client, fields);
      return made && { answer: made, ruleId: made.id, name: made.name, action: 'markdown-rule.created', before: null, after: made };
    });
    if (!rule) throw nameTaken();
    res.status(201).json(rule);
  });
  router.put(`${ApiPaths.catalog.markdownRules}/:ruleId`, async (req, res) => {
    const id = parseInput(RuleId, req.params.ruleId);
    const fields = ruleFields(req.body);
    const rule = await audited(req, async (client) => {
      const before = await findRule(client, id);
      const saved = await updateRule(client, id, fields);
      return saved && { answer: saved, ruleId: id, name: saved.name, action: 'markdown-rule.saved', before: before ?? null, after: saved };
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
    if (!rule) throw notFound('Markdown rule not found');
    res.json(rule);
  });
  router.delete(`${ApiPaths.catalog.markdownRules}/:ruleId`, async (req, res) => {
    const id = parseInput(RuleId, req.params.ruleId);
    const deleted = await audited(req, async (client) => {
      const before = await findRule(client, id);
      return before && (await deleteRule(client, id)) ? { answer: true, ruleId: id, name: before.name, action: 'markdown-rule.deleted', before, after: null } : undefined;
    });
    if (!deleted) throw notFound('Markdown rule not found');
    res.status(204).end();
  });
  router.get(ApiPaths.catalog.markdownPreview, async (_req, res) => {
    res.json((await previewMarkdowns(pool, MARKDOWN_PREVIEW_MAX)) satisfies MarkdownPreview);
  });
  router.get(ApiPaths.catalog.markdownRuns, async (_req, res) => {
    res.json({ runs: await listRuns(pool, RECENT_RUNS), intervalHours: options.runIntervalHours } satisfies MarkdownRunList);
  });
  // Asked for here, done in the background (decision 060): the answer is the run, waiting; the
  // runs list tells when it ended and what it changed. The request is in the audit trail.
  router.post(ApiPaths.catalog.markdownRuns, async (req, res) => {
    const actor = auditActor(req.principal);
    const run = await withTransaction(pool, async (client) => {
      const requested = await requestMarkdownRun(client, 'manual', actor);
      if (requested) {
        await recordAdminAction(client, { service: 'catalog', actor, action: 'markdown-run.started', target: { type: 'markdown-run', id: requested.id, label: 'Markdown run' }, before: null, after: { trigger: 'manual' } });
      }
      return requested;
    });
    if (!run) throw new AppError(409, ErrorCodes.conflict, 'A markdown run is under way: wait for it to finish.');
    options.kickRuns();
    res.status(202).json(run);
  });
  router.get('/api/admin/price-history/:productId', async (req, res) => {
    const productId = parseInput(ProductId, req.params.productId);
    if (!(await findProductForAdmin(pool, productId))) throw notFound('Product not found');
    res.json({ productId, entries: await priceHistory(pool, productId) } satisfies PriceHistory);
  });
  return router;
}
