// Markdowns for aging stock (issue 30): the admin's rules, the preview of the next run, the runs,
// a listing's price history, and the price.changed event the catalog publishes for the POS.
import { z } from './zod-config.js';
import { oneLineText } from './text.js';
import { CategoryId, ConditionGrade, DecimalString } from './catalog.js';

/** The most steps one rule may have (30, 60, 90 days… is three). */
export const MARKDOWN_STEPS_MAX = 10;

/** After `days` on sale (counted from publishing), `percentOff` comes off the price the listing had before any markdown. */
export const MarkdownStep = z.strictObject({
  days: z.number().int().min(1, 'days: at least 1').max(3650, 'days: at most 3650'),
  percentOff: z.number().int().min(1, 'percentOff: at least 1').max(95, 'percentOff: at most 95'),
});
export type MarkdownStep = z.infer<typeof MarkdownStep>;

/**
 * A rule as an admin writes it. Which listings: a category and/or a grade (neither: every listing).
 * Floors: never below this % of retail (the compare-at price), and/or never below the unit cost.
 */
export const MarkdownRuleInput = z
  .strictObject({
    name: oneLineText(80, { trim: true }).pipe(z.string().min(1, 'name: give the rule a name')),
    category: CategoryId.nullable().default(null),
    grade: ConditionGrade.nullable().default(null),
    steps: z.array(MarkdownStep).min(1, 'steps: at least one').max(MARKDOWN_STEPS_MAX),
    floorPercentOfRetail: z.number().int().min(0).max(100).nullable().default(null),
    floorAtCost: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    rule.steps.forEach((step, i) => {
      const before = rule.steps[i - 1];
      if (before && step.days <= before.days) ctx.addIssue({ code: 'custom', path: ['steps', i, 'days'], message: 'steps: days must grow from step to step' });
      if (before && step.percentOff <= before.percentOff) ctx.addIssue({ code: 'custom', path: ['steps', i, 'percentOff'], message: 'steps: each step must take more off than the one before' });
    });
  });
export type MarkdownRuleInput = z.input<typeof MarkdownRuleInput>;

export const MarkdownRule = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  grade: z.string().nullable(),
  steps: z.array(MarkdownStep),
  floorPercentOfRetail: z.number().int().nullable(),
  floorAtCost: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarkdownRule = z.infer<typeof MarkdownRule>;

export const MarkdownRuleList = z.object({ rules: z.array(MarkdownRule) });
export type MarkdownRuleList = z.infer<typeof MarkdownRuleList>;

/** One price the next run changes, and why. */
export const MarkdownChange = z.object({
  productId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  title: z.string(),
  oldPrice: DecimalString,
  newPrice: DecimalString,
  ruleId: z.string(),
  ruleName: z.string(),
  /** The step applied: days on sale and % off. */
  stepDays: z.number().int(),
  percentOff: z.number().int(),
  daysOnSale: z.number().int(),
  /** True when the floor stopped the step's price (the new price is the floor). */
  floorHit: z.boolean(),
});
export type MarkdownChange = z.infer<typeof MarkdownChange>;

export const MARKDOWN_PREVIEW_MAX = 200;
export const MarkdownPreview = z.object({
  /** The first MARKDOWN_PREVIEW_MAX changes, oldest listings first. */
  changes: z.array(MarkdownChange),
  /** How many prices the run would change in all. */
  total: z.number().int(),
});
export type MarkdownPreview = z.infer<typeof MarkdownPreview>;

export const MarkdownRun = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  /** The admin who started it by hand (their id), and the name they were signed in under; null for the schedule. */
  startedBy: z.string().nullable(),
  startedByName: z.string().nullable(),
  startedAt: z.string(),
  /** Null while the run waits or is under way (a run by hand is done in the background). */
  finishedAt: z.string().nullable(),
  changed: z.number().int(),
  /** Why a run ended without changing anything, when it stopped on an error. */
  error: z.string().nullable(),
});
export type MarkdownRun = z.infer<typeof MarkdownRun>;

export const MarkdownRunList = z.object({
  /** The latest runs, newest first. */
  runs: z.array(MarkdownRun),
  /** How often the schedule runs them (the catalog's MARKDOWN_RUN_INTERVAL_HOURS); read-only here. */
  intervalHours: z.number().positive(),
});
export type MarkdownRunList = z.infer<typeof MarkdownRunList>;

export const PriceSource = z.enum(['pos', 'markdown', 'admin', 'manifest']);
export type PriceSource = z.infer<typeof PriceSource>;

/** One entry of a listing's price history (newest first). */
export const PriceHistoryEntry = z.object({
  variantId: z.string(),
  sku: z.string(),
  oldPrice: DecimalString.nullable(),
  newPrice: DecimalString,
  source: PriceSource,
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  changedAt: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof PriceHistoryEntry>;

export const PriceHistory = z.object({ productId: z.string(), entries: z.array(PriceHistoryEntry) });
export type PriceHistory = z.infer<typeof PriceHistory>;

/** One price the shop set (a markdown), for the POS to take too: what pos-sync needs, no more (the catalog keeps the history). */
export const PriceChange = z.object({
  sku: z.string(),
  newPrice: DecimalString,
  /** Unique per change: the POS write-back's key for it. */
  changeId: z.string(),
});
export type PriceChange = z.infer<typeof PriceChange>;

/** The most prices one price.changed carries. */
export const PRICE_CHANGED_MAX = 1000;

/**
 * price.changed data (catalog → pos-sync), version 2: prices the shop set, up to PRICE_CHANGED_MAX
 * in one event, each with only its sku, price and key (a markdown run over 100,000 variants announces them in 100 events; decision 062).
 */
export const PriceChangedData = z.object({ source: PriceSource, changes: z.array(PriceChange).min(1).max(PRICE_CHANGED_MAX) });
export type PriceChangedData = z.infer<typeof PriceChangedData>;

/** price.changed version 1 (one price per event), as events published before version 2 still carry it. */
export const PriceChangedDataV1 = PriceChange.extend({ source: PriceSource, productId: z.string(), variantId: z.string(), oldPrice: DecimalString.nullable() });
