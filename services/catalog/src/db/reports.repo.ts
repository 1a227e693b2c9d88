import type { AgeBand, ReportRangeQuery } from '@pl/contracts';
import { DayRangeSql, type Queryable } from '@pl/service-kit';
import { isoInstant } from './inventory.repo.js';

/**
 * The reports' SQL (decision 053): one set-based statement each. A unit sold is a unit of a hold
 * committed to an order (an online sale), counted on the day it was committed (days as DayRangeSql has them).
 */

/** A listing's age band (contracts AgeBands) from when it went on sale; p is the product row. */
const AGE_BAND = `CASE WHEN p.published_at IS NULL THEN 'draft'
  WHEN now() - p.published_at < interval '31 days' THEN '0-30'
  WHEN now() - p.published_at < interval '61 days' THEN '31-60'
  WHEN now() - p.published_at < interval '91 days' THEN '61-90'
  ELSE '90+' END`;

/** Units of committed holds per variant, in the range. */
const SOLD_IN_RANGE = `SELECT h.variant_id, sum(h.qty)::int AS units, h.updated_at AS sold_at
    FROM holds h
   WHERE h.status = 'committed' AND h.updated_at >= ${DayRangeSql.start} AND h.updated_at < ${DayRangeSql.end}
   GROUP BY h.variant_id, h.updated_at`;

export interface SellThroughCounts {
  dimension: 'grade' | 'band';
  key: string;
  sold: number;
  onHand: number;
}

/** Units sold in the range and on hand now, per grade and per age band, over listings on sale. */
export async function sellThroughCounts(db: Queryable, range: ReportRangeQuery): Promise<SellThroughCounts[]> {
  const { rows } = await db.query<SellThroughCounts>(
    `WITH sold AS (SELECT variant_id, sum(units)::int AS units FROM (${SOLD_IN_RANGE}) s GROUP BY variant_id),
          stock AS (SELECT variant_id, sum(on_hand)::int AS units FROM inventory_levels GROUP BY variant_id),
          per_variant AS (
            SELECT p.condition_grade AS grade, ${AGE_BAND} AS band, coalesce(s.units, 0) AS sold, coalesce(k.units, 0) AS on_hand
              FROM variants v
              JOIN products p ON p.id = v.product_id
              LEFT JOIN sold s ON s.variant_id = v.id
              LEFT JOIN stock k ON k.variant_id = v.id
             WHERE p.published_at IS NOT NULL AND (s.units > 0 OR k.units > 0))
     SELECT 'grade' AS dimension, grade AS key, sum(sold)::int AS sold, sum(on_hand)::int AS "onHand" FROM per_variant GROUP BY grade
     UNION ALL
     SELECT 'band', band, sum(sold)::int, sum(on_hand)::int FROM per_variant GROUP BY band
     ORDER BY 1, 2`,
    DayRangeSql.params(range),
  );
  return rows;
}

export interface InventoryValueCents {
  band: AgeBand;
  units: number;
  costCents: number;
  unitsWithoutCost: number;
  retailCents: number;
  priceCents: number;
}

/** What is on hand now, per age band: at cost (where known), at retail and at today's price. */
export async function inventoryValueByBand(db: Queryable): Promise<InventoryValueCents[]> {
  const { rows } = await db.query<{ band: AgeBand; units: number; costCents: string; unitsWithoutCost: number; retailCents: string; priceCents: string }>(
    `SELECT ${AGE_BAND} AS band,
            sum(l.on_hand)::int AS units,
            coalesce(sum(l.on_hand::bigint * v.unit_cost_cents), 0) AS "costCents",
            coalesce(sum(l.on_hand) FILTER (WHERE v.unit_cost_cents IS NULL), 0)::int AS "unitsWithoutCost",
            sum(l.on_hand::bigint * coalesce(v.compare_at_cents, v.price_cents)) AS "retailCents",
            sum(l.on_hand::bigint * v.price_cents) AS "priceCents"
       FROM inventory_levels l
       JOIN variants v ON v.id = l.variant_id
       JOIN products p ON p.id = v.product_id
      WHERE l.on_hand > 0
      GROUP BY 1`,
  );
  // bigint sums come back as strings; a shop's stock value in cents stays far below 2^53.
  return rows.map(({ costCents, retailCents, priceCents, ...row }) => ({ ...row, costCents: Number(costCents), retailCents: Number(retailCents), priceCents: Number(priceCents) }));
}

export interface MarkdownSavingsCents {
  days: Array<{ date: string; units: number; savedCents: number }>;
  markdowns: number;
}

/**
 * What shoppers saved on units sold at a marked-down price: for each unit sold, the price it sold
 * at is the variant's last price change at or before the sale; when that change was a markdown,
 * the saving is the price before the markdowns (the last change from any other source: the POS,
 * an admin, the manifest) less the price paid. Every day of the range is present.
 */
export async function markdownSavings(db: Queryable, range: ReportRangeQuery): Promise<MarkdownSavingsCents> {
  const { rows } = await db.query<{ date: string; units: number; savedCents: string; markdowns: number }>(
    `WITH sales AS (${SOLD_IN_RANGE}),
          marked_down AS (
            SELECT ${DayRangeSql.dayOf('s.sold_at')} AS day, s.units, s.units::bigint * (ref.new_cents - cur.new_cents) AS saved
              FROM sales s
             CROSS JOIN LATERAL (
                   SELECT pc.id, pc.new_cents, pc.source, pc.changed_at FROM price_changes pc
                    WHERE pc.variant_id = s.variant_id AND pc.changed_at <= s.sold_at
                    ORDER BY pc.changed_at DESC, pc.id DESC LIMIT 1) cur
             CROSS JOIN LATERAL (
                   SELECT pc.new_cents FROM price_changes pc
                    WHERE pc.variant_id = s.variant_id AND pc.source <> 'markdown' AND (pc.changed_at, pc.id) < (cur.changed_at, cur.id)
                    ORDER BY pc.changed_at DESC, pc.id DESC LIMIT 1) ref
             WHERE cur.source = 'markdown' AND ref.new_cents > cur.new_cents)
     SELECT to_char(d, 'YYYY-MM-DD') AS date,
            coalesce(sum(m.units), 0)::int AS units,
            coalesce(sum(m.saved), 0) AS "savedCents",
            (SELECT count(*)::int FROM price_changes WHERE source = 'markdown' AND changed_at >= ${DayRangeSql.start} AND changed_at < ${DayRangeSql.end}) AS markdowns
       FROM generate_series($1::date, $2::date, interval '1 day') d
       LEFT JOIN marked_down m ON m.day = d::date
      GROUP BY d ORDER BY d`,
    DayRangeSql.params(range),
  );
  return {
    days: rows.map(({ date, units, savedCents }) => ({ date, units, savedCents: Number(savedCents) })),
    markdowns: rows[0]?.markdowns ?? 0,
  };
}

export interface InventoryExportRow {
  sku: string;
  title: string;
  brand: string | null;
  categoryId: string;
  grade: string;
  band: AgeBand;
  publishedAt: string | null;
  priceCents: number;
  compareAtCents: number | null;
  unitCostCents: number | null;
  onHand: number;
  /** 'columbus-warehouse:3 dublin:1' */
  byLocation: string;
}

/** One page of the inventory export after `afterSku` (keyset: a page costs the same at any depth). */
export async function inventoryExportPage(db: Queryable, afterSku: string, limit: number): Promise<InventoryExportRow[]> {
  const { rows } = await db.query<InventoryExportRow>(
    `SELECT v.sku, p.title, p.brand, p.category_id AS "categoryId", p.condition_grade AS grade, ${AGE_BAND} AS band,
            CASE WHEN p.published_at IS NULL THEN NULL ELSE ${isoInstant('p.published_at')} END AS "publishedAt",
            v.price_cents AS "priceCents", v.compare_at_cents AS "compareAtCents", v.unit_cost_cents AS "unitCostCents",
            coalesce(l.on_hand, 0) AS "onHand", coalesce(l.by_location, '') AS "byLocation"
       FROM variants v
       JOIN products p ON p.id = v.product_id
       LEFT JOIN LATERAL (
             SELECT sum(on_hand)::int AS on_hand, string_agg(location_id || ':' || on_hand, ' ' ORDER BY location_id) AS by_location
               FROM inventory_levels WHERE variant_id = v.id) l ON true
      WHERE v.sku > $1
      ORDER BY v.sku
      LIMIT $2`,
    [afterSku, limit],
  );
  return rows;
}
