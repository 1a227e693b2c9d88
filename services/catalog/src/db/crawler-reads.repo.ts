// The reads behind the crawlers' documents (sitemaps and the merchant feed, decision 070): listings
// on sale only (ON_SALE, decision 055), read a bounded chunk at a time however large the catalogue.
import { prepared, type Queryable } from '@pl/service-kit';
import type { StoredPhoto } from '../domain/product-view.js';
import { isoInstant, unitsHeldAt } from './inventory.repo.js';
import { ON_SALE } from './on-sale.js';

/**
 * When a listing's page last changed, as the catalogue knows it: its own update time (title,
 * description, grade, photos, publishing all set it), or the latest price of one of its variants
 * (a price change does not touch the product's row, and the page shows the price).
 */
const LASTMOD = `greatest(p.updated_at, (SELECT max(pc.changed_at) FROM variants v JOIN price_changes pc ON pc.variant_id = v.id WHERE v.product_id = p.id))`;

/**
 * The order the products' sitemap files number listings in: oldest first, so a new listing lands on
 * the last file and the others keep their URLs (a draft published later still appears where its
 * creation put it). The newest-first index read backwards serves it, drafts filtered from the index.
 */
const SITEMAP_ORDER = 'p.created_at, p.id';

export interface SitemapFileStat {
  /** From 1. */
  file: number;
  /** The latest change of a listing in it (ISO). */
  lastmod: string;
}

/** The products' sitemap files for `perFile` URLs each, with when each last changed; none when nothing is on sale. */
export async function productSitemapFiles(db: Queryable, perFile: number): Promise<SitemapFileStat[]> {
  const { rows } = await db.query<SitemapFileStat>(
    prepared(
      `SELECT f.file, ${isoInstant('max(f.lastmod)')} AS lastmod
         FROM (SELECT ((row_number() OVER (ORDER BY ${SITEMAP_ORDER}) - 1) / $1 + 1)::int AS file, ${LASTMOD} AS lastmod
                 FROM products p WHERE ${ON_SALE('p')}) f
        GROUP BY f.file ORDER BY f.file`,
      [perFile],
    ),
  );
  return rows;
}

export interface SitemapListing {
  id: string;
  lastmod: string;
}
/** Where a chunk of a sitemap file ended: the next chunk starts after it. */
export interface SitemapCursor {
  /** created_at as PostgreSQL writes it (microseconds kept: a JavaScript Date would drop them). */
  createdAt: string;
  id: string;
}

/**
 * Up to `limit` listings of a products' sitemap file, in SITEMAP_ORDER: the first chunk from
 * `offset` (the file's first listing), each next one after the previous chunk's last.
 */
export async function sitemapListings(
  db: Queryable,
  from: { offset: number } | { after: SitemapCursor },
  limit: number,
): Promise<{ listings: SitemapListing[]; last: SitemapCursor | undefined }> {
  const [where, values] =
    'after' in from
      ? [`AND (p.created_at, p.id) > ($2::timestamptz, $3::uuid) ORDER BY ${SITEMAP_ORDER} LIMIT $1`, [limit, from.after.createdAt, from.after.id]]
      : [`ORDER BY ${SITEMAP_ORDER} LIMIT $1 OFFSET $2`, [limit, from.offset]];
  const { rows } = await db.query<SitemapListing & { created_at: string }>(
    prepared(`SELECT p.id, ${isoInstant(LASTMOD)} AS lastmod, p.created_at::text AS created_at FROM products p WHERE ${ON_SALE('p')} ${where}`, values),
  );
  const last = rows.at(-1);
  return { listings: rows.map(({ id, lastmod }) => ({ id, lastmod })), last: last && { createdAt: last.created_at, id: last.id } };
}

/** One variant on sale, with what the merchant feed says of it. */
export interface FeedVariant {
  sku: string;
  priceCents: number;
  /** Units neither sold nor held now: Σ max(0, on hand − held) over its locations, as the cart's hold decides. */
  available: number;
  productId: string;
  title: string;
  brand: string | null;
  description: string | null;
  conditionGrade: string;
  conditionNotes: string | null;
  /** The cover photo (the first photo when none is marked), null before the shop photographed the unit. */
  cover: StoredPhoto | null;
  /** The images the POS gave, for a listing without photos. */
  images: string[];
}

/** Up to `limit` variants on sale after the sku `after` (sku order; '' from the start). */
export async function feedVariants(db: Queryable, after: string, limit: number): Promise<FeedVariant[]> {
  const { rows } = await db.query<FeedVariant>(
    prepared(
      `SELECT v.sku, v.price_cents AS "priceCents",
              coalesce((SELECT sum(greatest(0, l.on_hand - ${unitsHeldAt('l', 'now()')})) FROM inventory_levels l WHERE l.variant_id = v.id), 0)::int AS available,
              p.id AS "productId", p.title, p.brand, p.description, p.condition_grade AS "conditionGrade", p.condition_notes AS "conditionNotes",
              coalesce(jsonb_path_query_first(p.photos, '$[*] ? (@.cover == true)'), p.photos -> 0) AS cover, p.images
         FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.sku > $1 AND ${ON_SALE('p')}
        ORDER BY v.sku
        LIMIT $2`,
      [after, limit],
    ),
  );
  return rows;
}
