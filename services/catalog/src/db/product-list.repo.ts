// GET /api/products: search, filters, sort orders and keyset pagination in one query over
// `products`, then variants and stock for that page only (products.repo.ts, two more queries).
// A search in relevance order ranks a bounded set of candidates (decision 019).
import { PRODUCT_COUNT_LIMIT } from '@pl/contracts';
import { containsPattern, withTransaction, type Pool, type Queryable } from '@pl/service-kit';
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

/** Sort key per order: the expression (each has an index ending in id, see migration 002), its direction, its SQL type, and how it is written into a cursor. Relevance: rankedPage. */
const ORDERS: Record<Exclude<ListOrder, 'relevance'>, { key: string; desc: boolean; type: string; cursorKey?: string; price?: string }> = {
  newest: {
    key: 'p.created_at',
    desc: true,
    type: 'timestamptz',
    // Microseconds survive the round trip through the cursor; a JS Date would drop them.
    cursorKey: `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  },
  // `price`: the price filter written as the sort key, so a price range is a range of the index.
  price_asc: { key: 'coalesce(p.min_price_cents, 2147483647)', desc: false, type: 'int', price: 'coalesce(p.min_price_cents, 2147483647)' },
  price_desc: { key: 'coalesce(p.min_price_cents, -1)', desc: true, type: 'int', price: 'coalesce(p.min_price_cents, -1)' },
  discount: { key: 'p.discount_pct', desc: true, type: 'smallint' },
  title: { key: 'lower(p.title)', desc: false, type: 'text' },
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

/** Positional parameters of one statement, each cast to its SQL type. */
function parameters() {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  /** A placeholder created on first use: a parameter the SQL never mentions has no type, and PostgreSQL refuses it. */
  const once = (value: unknown, type: string) => {
    let placeholder: string | undefined;
    return () => (placeholder ??= param(value, type));
  };
  return { values, param, once };
}

/** The search's match and the filters, as conditions on `products p`. */
function matchAndFilters(c: ProductListCriteria, { param, once }: ReturnType<typeof parameters>, price: string) {
  const where: string[] = [];
  let rank = () => '0';
  if (c.search) {
    const { tsquery, like, text } = c.search;
    const textParam = once(text, 'text');
    const tsqueryParam = tsquery === undefined ? undefined : once(tsquery, 'text');
    const matchers = c.fuzzy
      ? [`p.search_name OPERATOR(public.%>) ${textParam()}`]
      : [...(tsqueryParam ? [`p.search_tsv @@ to_tsquery('simple', ${tsqueryParam()})`] : []), ...(like ? [`p.search_name LIKE ${param(like, 'text')}`] : [])];
    where.push(`(${matchers.join(' OR ')})`);
    // Words found (title above brand above description), plus how closely title and brand read like the query.
    rank = () => `(${tsqueryParam && !c.fuzzy ? `ts_rank(c.search_tsv, to_tsquery('simple', ${tsqueryParam()})) + ` : ''}public.word_similarity(${textParam()}, c.search_name))::float8`;
  }
  if (c.category) where.push(`p.category_id = ${param(c.category, 'text')}`);
  if (c.conditions?.length) where.push(`p.condition_grade = ANY(${param(c.conditions, 'text[]')})`);
  // Same rows either way: bounds are real prices, never the sentinels of products without one.
  if (c.price.minCents !== undefined) where.push(`${price} >= ${param(c.price.minCents, 'int')}`);
  if (c.price.maxCents !== undefined) where.push(`${price} <= ${param(c.price.maxCents, 'int')}`);
  if (c.inStock) where.push(IN_STOCK);
  return { where, rank };
}

async function queryPage(db: Queryable, c: ProductListCriteria): Promise<ProductPage> {
  if (c.order === 'relevance') return rankedPage(db, c);
  const order = ORDERS[c.order];
  const sql = parameters();
  const { where } = matchAndFilters(c, sql, order.price ?? 'p.min_price_cents');
  const filter = where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : '';
  // The filter's own parameters: the cursor adds more after them.
  const filterParams = sql.values.slice();

  const direction = order.desc ? 'DESC' : 'ASC';
  if (c.after) where.push(`(${order.key}, p.id) ${order.desc ? '<' : '>'} (${sql.param(c.after.key, order.type)}, ${sql.param(c.after.id, 'uuid')})`);

  const { rows } = await db.query<ProductRow & { cursor_key: string | number }>(
    prepared(
      `SELECT ${PRODUCT_COLUMNS}, ${order.cursorKey ?? order.key} AS cursor_key
         FROM products p
        ${where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : ''}
        ORDER BY ${order.key} ${direction}, p.id ${direction}
        LIMIT ${sql.param(c.limit + 1, 'int')}`,
      sql.values,
    ),
  );
  const counted = c.after ? undefined : rows.length > c.limit ? await countMatches(db, filter, filterParams) : rows.length;
  return toPage(db, c, rows, counted);
}

/**
 * How many matches a search in relevance order ranks: the newest whose title or brand holds
 * every word, then the newest of the rest. Ranking is per row (ts_rank, word_similarity),
 * and ranking all 3,700 matches of "laptop" at 110k products was most of a 150 ms answer. The
 * matches beyond these follow the ranked ones, unranked, in id order.
 */
export const SEARCH_CANDIDATES = 250;
/**
 * Which matches become candidates: the newest (a liquidation shop's freshest stock), ties by id.
 * An order of their own, not the order a scan happens to meet them, so every page of a search
 * takes the same candidates whatever plan PostgreSQL picks for it.
 */
const NEWEST_FIRST = 'ORDER BY p.created_at DESC, p.id DESC';
/** The cursor key of the matches past the candidates: below every rank (ranks are >= 0). */
const UNRANKED = -1;

/**
 * A page of a search in relevance order: the candidates (SEARCH_CANDIDATES) ranked, then, when
 * more match, the others by id. Every page recomputes the same candidates: the same statement
 * over the same rows (a change in between may move a product across pages, as with any keyset).
 */
async function rankedPage(db: Queryable, c: ProductListCriteria): Promise<ProductPage> {
  if (!c.search) throw new Error('A relevance order needs a search');
  const sql = parameters();
  const { where, rank } = matchAndFilters(c, sql, 'p.min_price_cents');
  const filter = `WHERE ${where.join('\n        AND ')}`;
  const filterParams = sql.values.slice();
  const limit = sql.param(SEARCH_CANDIDATES, 'int');
  const columns = 'SELECT p.id, p.search_tsv, p.search_name FROM products p';
  // Trigram matches (the fuzzy fallback) are title and brand already.
  const titleWords = c.fuzzy ? [] : c.search.titleWords.map((w) => `p.search_name LIKE ${sql.param(containsPattern(w), 'text')}`);
  const candidates =
    titleWords.length === 0
      ? `candidates AS (${columns} ${filter} ${NEWEST_FIRST} LIMIT ${limit})`
      : `in_title AS (${columns} ${filter} AND ${titleWords.join(' AND ')} ${NEWEST_FIRST} LIMIT ${limit}),
         candidates AS (
           SELECT * FROM in_title
           UNION ALL
           (${columns} ${filter} AND p.id NOT IN (SELECT id FROM in_title) ${NEWEST_FIRST} LIMIT ${limit} - (SELECT count(*) FROM in_title)))`;
  const candidateParams = sql.values.slice();

  type Row = ProductRow & { cursor_key: number; found?: number };
  let rows: Row[] = [];
  let found: number | undefined;
  if (c.after?.key !== UNRANKED) {
    // One statement for every ranked page (the cursor may be null), so each plans the candidates alike.
    const afterKey = sql.once(c.after?.key ?? null, 'float8');
    const ranked = await db.query<Row & { id: string | null }>(
      prepared(
        `WITH ${candidates},
         page AS (
           SELECT id, k FROM (SELECT c.id, ${rank()} AS k FROM candidates c) ranked
            WHERE ${afterKey()} IS NULL OR (k, id) < (${afterKey()}, ${sql.param(c.after?.id ?? null, 'uuid')})
            ORDER BY k DESC, id DESC
            LIMIT ${sql.param(c.limit + 1, 'int')})
         SELECT (SELECT count(*)::int FROM candidates) AS found, ${PRODUCT_COLUMNS}, page.k AS cursor_key
           FROM (SELECT 1) one
           LEFT JOIN (page JOIN products p ON p.id = page.id) ON true
          ORDER BY page.k DESC, page.id DESC`,
        sql.values,
      ),
    );
    found = ranked.rows[0]!.found;
    rows = ranked.rows.filter((r) => r.id !== null);
  }
  if (rows.length <= c.limit && (found === undefined || found === SEARCH_CANDIDATES)) {
    const tail = parameters();
    tail.values.push(...candidateParams);
    const afterId = tail.once(c.after?.key === UNRANKED ? c.after.id : null, 'uuid');
    const more = await db.query<Row>(
      prepared(
        `WITH ${candidates}
         SELECT ${PRODUCT_COLUMNS}, ${UNRANKED}::float8 AS cursor_key
           FROM products p
           ${filter} AND p.id NOT IN (SELECT id FROM candidates)
            AND (${afterId()} IS NULL OR p.id < ${afterId()})
          ORDER BY p.id DESC
          LIMIT ${tail.param(c.limit + 1 - rows.length, 'int')}`,
        tail.values,
      ),
    );
    rows = [...rows, ...more.rows];
  }
  // All matches were candidates when fewer than the bound were found: no need to count them again.
  const counted = c.after ? undefined : found !== undefined && found < SEARCH_CANDIDATES ? found : await countMatches(db, filter, filterParams);
  return toPage(db, c, rows, counted);
}

async function toPage(db: Queryable, c: ProductListCriteria, rows: Array<ProductRow & { cursor_key: string | number }>, counted: number | undefined): Promise<ProductPage> {
  const page = rows.slice(0, c.limit);
  const last = page.at(-1);
  const more = rows.length > c.limit;
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
