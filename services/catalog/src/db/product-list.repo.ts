// GET /api/products: search, filters, sort orders and keyset pagination in one query over
// `products`, then variants and stock for that page only (products.repo.ts, two more queries).
import { PRODUCT_COUNT_LIMIT } from '@pl/contracts';
import { withTransaction, type Pool, type Queryable } from '@pl/service-kit';
import type { CursorPosition, ListOrder } from '../domain/product-cursor.js';
import type { PriceRange } from '../domain/price-filter.js';
import type { ProductRecord } from '../domain/product-view.js';
import type { SearchText } from '../domain/search-text.js';
import { prepared } from './prepared.js';
import { PRODUCT_COLUMNS, withVariants, type ProductRow } from './products.repo.js';

export interface ProductListCriteria {
  search?: SearchText;
  /** Match by spelling closeness instead (the fallback when the plain search found nothing). */
  fuzzy?: boolean;
  category?: string;
  conditions?: readonly string[];
  price: PriceRange;
  inStock: boolean;
  order: ListOrder;
  after?: CursorPosition;
  limit: number;
}

export interface ProductPage {
  records: ProductRecord[];
  /** Where the next page starts; undefined on the last page. */
  next?: CursorPosition;
  /** How many products match in all: on a first page only (later pages leave it undefined), at most PRODUCT_COUNT_LIMIT. */
  total?: number;
  /** More than PRODUCT_COUNT_LIMIT match (`total` is the limit). */
  totalIsAtLeast?: boolean;
}

/** Placeholders of the search terms, created on first use (a parameter the SQL never mentions has no type, and PostgreSQL refuses it). */
interface SearchParams {
  tsquery?: () => string;
  text: () => string;
  fuzzy: boolean;
}

/** Sort key per order: the expression (each has an index ending in id, see migration 002), its direction, its SQL type, and how it is written into a cursor. */
const ORDERS: Record<ListOrder, { key: (search: SearchParams) => string; desc: boolean; type: string; cursorKey?: string; price?: string }> = {
  newest: {
    key: () => 'p.created_at',
    desc: true,
    type: 'timestamptz',
    // Microseconds survive the round trip through the cursor; a JS Date would drop them.
    cursorKey: `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  },
  // `price`: the price filter written as the sort key, so a price range is a range of the index.
  price_asc: { key: () => 'coalesce(p.min_price_cents, 2147483647)', desc: false, type: 'int', price: 'coalesce(p.min_price_cents, 2147483647)' },
  price_desc: { key: () => 'coalesce(p.min_price_cents, -1)', desc: true, type: 'int', price: 'coalesce(p.min_price_cents, -1)' },
  discount: { key: () => 'p.discount_pct', desc: true, type: 'smallint' },
  title: { key: () => 'lower(p.title)', desc: false, type: 'text' },
  relevance: {
    // Words found (title above brand above description), plus how closely title and brand read like the query.
    key: (s) =>
      `(${s.tsquery && !s.fuzzy ? `ts_rank(p.search_tsv, to_tsquery('simple', ${s.tsquery()})) + ` : ''}public.word_similarity(${s.text()}, p.search_name))::float8`,
    desc: true,
    type: 'float8',
  },
};

/** Some variant has a unit that is neither sold nor held (the listing's "in stock only"). */
const IN_STOCK = `EXISTS (
  SELECT 1 FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
   WHERE v.product_id = p.id
     AND l.on_hand > coalesce((
       SELECT sum(a.qty) FROM holds h JOIN hold_allocations a ON a.hold_id = h.id
        WHERE h.variant_id = v.id AND a.location_id = l.location_id AND h.status = 'active' AND h.expires_at > now()), 0))`;

/** When the next live hold lapses (epoch ms; Infinity: none): a list that leaves out held products ends then. */
export async function nextStockLapse(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ at: Date | null }>(prepared(`SELECT min(expires_at) AS at FROM holds WHERE status = 'active' AND expires_at > now()`, []));
  return rows[0]?.at ? rows[0].at.getTime() : Infinity;
}

/**
 * How close in spelling the fuzzy fallback wants title or brand to be (0..1). pg_trgm's default
 * of 0.6 misses a single wrong letter in a short word ("labtop" is 0.43 from "laptop").
 */
const FUZZY_THRESHOLD = '0.4';

export async function listProductPage(pool: Pool, c: ProductListCriteria): Promise<ProductPage> {
  if (!c.fuzzy) return queryPage(pool, c);
  // The rare fallback path: a transaction only to scope the threshold to this query.
  return withTransaction(pool, async (client) => {
    await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [FUZZY_THRESHOLD]);
    return queryPage(client, c);
  });
}

async function queryPage(db: Queryable, c: ProductListCriteria): Promise<ProductPage> {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };

  const where: string[] = [];
  const once = (value: unknown, type: string) => {
    let placeholder: string | undefined;
    return () => (placeholder ??= param(value, type));
  };
  let searchParams: SearchParams = { text: () => "''", fuzzy: false };
  if (c.search) {
    const { tsquery, like, text } = c.search;
    searchParams = { text: once(text, 'text'), tsquery: tsquery === undefined ? undefined : once(tsquery, 'text'), fuzzy: c.fuzzy === true };
    const matchers = c.fuzzy
      ? [`p.search_name OPERATOR(public.%>) ${searchParams.text()}`]
      : [
          ...(searchParams.tsquery ? [`p.search_tsv @@ to_tsquery('simple', ${searchParams.tsquery()})`] : []),
          ...(like ? [`p.search_name LIKE ${param(like, 'text')}`] : []),
        ];
    where.push(`(${matchers.join(' OR ')})`);
  }
  if (c.category) where.push(`p.category_id = ${param(c.category, 'text')}`);
  if (c.conditions?.length) where.push(`p.condition_grade = ANY(${param(c.conditions, 'text[]')})`);
  const order = ORDERS[c.order];
  // Same rows either way: bounds are real prices, never the sentinels of products without one.
  const price = order.price ?? 'p.min_price_cents';
  if (c.price.minCents !== undefined) where.push(`${price} >= ${param(c.price.minCents, 'int')}`);
  if (c.price.maxCents !== undefined) where.push(`${price} <= ${param(c.price.maxCents, 'int')}`);
  if (c.inStock) where.push(IN_STOCK);
  const filter = where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : '';
  // The filter's own parameters: the sort key and the cursor may add more after them.
  const filterParams = params.slice();

  const key = order.key(searchParams);
  const direction = order.desc ? 'DESC' : 'ASC';
  if (c.after) where.push(`(${key}, p.id) ${order.desc ? '<' : '>'} (${param(c.after.key, order.type)}, ${param(c.after.id, 'uuid')})`);

  const { rows } = await db.query<ProductRow & { cursor_key: string | number }>(
    prepared(
      `SELECT ${PRODUCT_COLUMNS}, ${order.cursorKey ?? key} AS cursor_key
         FROM products p
        ${where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : ''}
        ORDER BY ${key} ${direction}, p.id ${direction}
        LIMIT ${param(c.limit + 1, 'int')}`,
      params,
    ),
  );
  const page = rows.slice(0, c.limit);
  const last = page.at(-1);
  const more = rows.length > c.limit;
  // Counted only when a first page does not already show everything ('Showing 24 of 200').
  const counted = c.after ? undefined : more ? await countMatches(db, filter, filterParams) : page.length;
  return {
    records: await withVariants(db, page),
    next: more && last ? { key: last.cursor_key, id: last.id } : undefined,
    total: counted === undefined ? undefined : Math.min(counted, PRODUCT_COUNT_LIMIT),
    ...(counted !== undefined && counted > PRODUCT_COUNT_LIMIT ? { totalIsAtLeast: true } : {}),
  };
}

/** Matches counted up to one past PRODUCT_COUNT_LIMIT: enough to say '1,000+' without reading every match. */
async function countMatches(db: Queryable, filter: string, params: readonly unknown[]): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    prepared(`SELECT count(*)::int AS total FROM (SELECT 1 FROM products p ${filter} LIMIT ${PRODUCT_COUNT_LIMIT + 1}) m`, params),
  );
  return rows[0]!.total;
}
