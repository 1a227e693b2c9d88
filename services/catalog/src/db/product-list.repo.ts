// GET /api/products: search, filters, sort orders and keyset pagination in one query over
// `products`, then variants and stock for that page only (products.repo.ts, two more queries).
// A search in relevance order ranks a bounded set of candidates (decision 019), found and counted
// without reading every match (decision 022).
import { PRODUCT_COUNT_LIMIT } from '@pl/contracts';
import { containsPattern, type Pool, prepared, type Queryable } from '@pl/service-kit';
import type { CursorPosition, ListOrder } from '../domain/product-cursor.js';
import type { PriceRange } from '../domain/price-filter.js';
import type { ProductRecord } from '../domain/product-view.js';
import type { SearchText } from '../domain/search-text.js';
import { unitsHeldAt } from './inventory.repo.js';
import { plannedEachTime, statementFor } from './prepared.js';
import { ON_SALE } from './on-sale.js';
import { LISTED_PRODUCT_COLUMNS, withVariants, type ProductRow } from './products.repo.js';

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

/**
 * Sort key per order: the expression (each has an index ending in the id, see migrations 002 and
 * 016), its direction, its SQL type, and how it is written into a cursor. The price orders read the
 * listing's price keys (`product_prices pp`, joined: `keys`) and page by its id column, so the
 * index of the keys gives the order. Relevance: rankedPage.
 */
const ORDERS: Record<Exclude<ListOrder, 'relevance'>, { key: string; desc: boolean; type: string; cursorKey?: string; price?: string; keys?: true }> = {
  newest: {
    key: 'p.created_at',
    desc: true,
    type: 'timestamptz',
    // Microseconds survive the round trip through the cursor; a JS Date would drop them.
    cursorKey: `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  },
  // `price`: the price filter written as the sort key, so a price range is a range of the index.
  price_asc: { key: 'coalesce(pp.min_price_cents, 2147483647)', desc: false, type: 'int', price: 'coalesce(pp.min_price_cents, 2147483647)', keys: true },
  price_desc: { key: 'coalesce(pp.min_price_cents, -1)', desc: true, type: 'int', price: 'coalesce(pp.min_price_cents, -1)', keys: true },
  discount: { key: 'pp.discount_pct', desc: true, type: 'smallint', price: 'pp.min_price_cents', keys: true },
  title: { key: 'lower(p.title)', desc: false, type: 'text' },
};

/** A listing's cheapest price, asked of its price keys (migration 016) where the query does not join them. */
const MIN_PRICE_OF_P = '(SELECT k.min_price_cents FROM product_prices k WHERE k.product_id = p.id)';
/** The listings, with their price keys when the order reads them. */
const listingsFor = (order: { keys?: true }) => (order.keys ? 'product_prices pp JOIN products p ON p.id = pp.product_id' : 'products p');

/**
 * Some variant has a unit that is neither sold nor held (the listing's "in stock only"), asked
 * product by product and stopping at the first such unit: OFFSET 0 keeps PostgreSQL from turning
 * the EXISTS into a join, which, once the shop had holds, joined every stock level of the
 * catalogue with its holds before looking at a single product (700 ms at 110k products).
 */
const IN_STOCK = `EXISTS (
  SELECT 1 FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
   WHERE v.product_id = p.id
     AND l.on_hand > ${unitsHeldAt('l', 'now()')}
  OFFSET 0)`;

/** When the next live hold lapses (epoch ms; Infinity: none): a list that leaves out held products ends then. */
export async function nextStockLapse(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ at: Date | null }>(prepared(`SELECT min(expires_at) AS at FROM holds WHERE status = 'active' AND expires_at > now()`, []));
  return rows[0]?.at ? rows[0].at.getTime() : Infinity;
}

/**
 * The spelling fallback (`fuzzy`) matches each query word of three or more characters to the
 * catalogue's title and brand words spelled like it (`search_words`, migration 008): trigram
 * similarity at least 0.3 (pg_trgm's default for `%`, which the word index answers; "labtop" is
 * 0.4 from "laptop"), the FUZZY_ALTERNATIVES closest. A product then matches when its title or
 * brand contains, for every query word that has such words, one of them; the ranking is how
 * closely title and brand read like the whole query, as before (decision 022).
 */
const FUZZY_WORD_SIMILARITY = 0.3;
const FUZZY_ALTERNATIVES = 3;

export async function listProductPage(pool: Pool, c: ProductListCriteria): Promise<ProductPage> {
  let respelled: string[][] | undefined;
  if (c.fuzzy && c.search) {
    respelled = await similarTitleWords(pool, c.search.titleWords);
    // No title or brand word is spelled like any word of the query: nothing can match.
    if (respelled.length === 0) return { records: [], total: c.after ? undefined : 0 };
  }
  return c.order === 'relevance' ? rankedPage(pool, c, respelled) : sortedPage(pool, c, c.order, respelled);
}

/** For each query word, the title and brand words spelled most like it (closest first); words with none are left out. */
async function similarTitleWords(db: Queryable, words: readonly string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const { rows } = await db.query<{ words: string[] }>(
    prepared(
      `SELECT array(SELECT s.word FROM search_words s
                     WHERE s.word OPERATOR(public.%) q.word AND public.similarity(s.word, q.word) >= $2::real
                     GROUP BY s.word
                     ORDER BY public.similarity(s.word, q.word) DESC, s.word
                     LIMIT $3::int) AS words
         FROM unnest($1::text[]) WITH ORDINALITY q(word, n)
        ORDER BY q.n`,
      [words, FUZZY_WORD_SIMILARITY, FUZZY_ALTERNATIVES],
    ),
  );
  return rows.map((r) => r.words).filter((alternatives) => alternatives.length > 0);
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
type Parameters = ReturnType<typeof parameters>;

/** A search as SQL. */
interface SearchSql {
  /** Conditions on title and brand alone (`search_name` of the row aliased `alias`) that the trigram index answers: a ranked search takes its candidates first among the matches meeting them. */
  inTitle: (alias: string) => string[];
  /** The same conditions, cheapest to test row by row (no pattern matching): for reading the newest-first index in order. */
  inTitleEach: (alias: string) => string[];
  /** The search's match, on `products p`. */
  match: string;
  /** Every row meeting `inTitle` matches: a title match needs no second look at the row. */
  matchImplied: boolean;
  /** The relevance of the row aliased `alias`: words found (title above brand above description), plus how closely title and brand read like the query. */
  rank: (alias: string) => string;
  /** The rank reads more of the row than title and brand (`search_name`). */
  rankReadsRow: boolean;
  /**
   * Conditions on `products p`, cheapest first, that only hold for rows the search matches and
   * that one index answers quickly: when more than PRODUCT_COUNT_LIMIT rows meet one, as many match.
   */
  countProbes: Array<() => string>;
}

function searchSql(search: SearchText, respelled: string[][] | undefined, { once }: Parameters): SearchSql {
  const text = once(search.text, 'text');
  // Words are letters and digits: `LIKE '%word%'` is `strpos(search_name, word) > 0`.
  const titleConditions = (groups: Array<Array<{ pattern: () => string; word: () => string }>>) => ({
    inTitle: (alias: string) => groups.map((group) => `(${group.map((w) => `${alias}.search_name LIKE ${w.pattern()}`).join(' OR ')})`),
    inTitleEach: (alias: string) => groups.map((group) => `(${group.map((w) => `strpos(${alias}.search_name, ${w.word()}) > 0`).join(' OR ')})`),
  });
  const titleWord = (word: string) => ({ pattern: once(containsPattern(word), 'text'), word: once(word, 'text') });
  if (respelled) {
    const words = respelled.map((alternatives) => alternatives.map(titleWord));
    const title = titleConditions(words);
    return {
      ...title,
      match: `(${title.inTitle('p').join(' AND ')})`,
      matchImplied: true,
      rank: (alias) => `public.word_similarity(${text()}, ${alias}.search_name)::float8`,
      rankReadsRow: false,
      // The closest spelling of every word, one pattern each (the trigram index answers it as it answers a plain word).
      countProbes: words.some((alternatives) => alternatives.length > 1) ? [() => words.map((alternatives) => `p.search_name LIKE ${alternatives[0]!.pattern()}`).join(' AND ')] : [],
    };
  }
  const { tsquery, like, titleWords } = search;
  const tsqueryParam = tsquery === undefined ? undefined : once(tsquery, 'text');
  const likeParam = like === undefined ? undefined : once(like, 'text');
  const matchers = [...(tsqueryParam ? [`p.search_tsv @@ to_tsquery('simple', ${tsqueryParam()})`] : []), ...(likeParam ? [`p.search_name LIKE ${likeParam()}`] : [])];
  // A query of one word: its title match is the query's part-of-title match.
  const matchImplied = titleWords.length === 1 && like === containsPattern(titleWords[0]!);
  return {
    ...titleConditions(titleWords.map((word) => [titleWord(word)])),
    match: `(${matchers.join(' OR ')})`,
    matchImplied,
    rank: (alias) => `(${tsqueryParam ? `ts_rank(${alias}.search_tsv, to_tsquery('simple', ${tsqueryParam()})) + ` : ''}public.word_similarity(${text()}, ${alias}.search_name))::float8`,
    rankReadsRow: tsqueryParam !== undefined,
    // The words themselves (not every word starting with them) are one posting list each and need
    // no second look at the row; then, for one word, the trigrams of the word inside titles.
    countProbes: [
      ...(tsquery ? [once(tsquery.replaceAll(':*', ''), 'text')].map((words) => () => `p.search_tsv @@ to_tsquery('simple', ${words()})`) : []),
      ...(matchImplied && likeParam ? [() => `p.search_name LIKE ${likeParam()}`] : []),
    ],
  };
}

/** The filters, as conditions on `products p`. */
function filters(c: ProductListCriteria, { param }: Parameters, price: string): string[] {
  const where: string[] = [];
  if (c.category) where.push(`p.category_id = ${param(c.category, 'text')}`);
  if (c.conditions?.length) where.push(`p.condition_grade = ANY(${param(c.conditions, 'text[]')})`);
  // Same rows either way: bounds are real prices, never the sentinels of products without one.
  if (c.price.minCents !== undefined) where.push(`${price} >= ${param(c.price.minCents, 'int')}`);
  if (c.price.maxCents !== undefined) where.push(`${price} <= ${param(c.price.maxCents, 'int')}`);
  if (c.inStock) where.push(IN_STOCK);
  return where;
}

/** A list in one of the shopper's sort orders, with or without a search. */
async function sortedPage(db: Queryable, c: ProductListCriteria, sort: Exclude<ListOrder, 'relevance'>, respelled: string[][] | undefined): Promise<ProductPage> {
  const order = ORDERS[sort];
  const sql = parameters();
  const where = [...(c.search ? [searchSql(c.search, respelled, sql).match] : []), ON_SALE('p'), ...filters(c, sql, order.price ?? MIN_PRICE_OF_P)];
  const filter = where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : '';
  // The filter's own parameters: the cursor adds more after them.
  const filterParams = sql.values.slice();

  const direction = order.desc ? 'DESC' : 'ASC';
  const id = order.keys ? 'pp.product_id' : 'p.id';
  if (c.after) where.push(`(${order.key}, ${id}) ${order.desc ? '<' : '>'} (${sql.param(c.after.key, order.type)}, ${sql.param(c.after.id, 'uuid')})`);

  const { rows } = await db.query<ProductRow & { cursor_key: string | number }>(
    statementFor(
      c.search !== undefined,
      `SELECT ${LISTED_PRODUCT_COLUMNS}, ${order.cursorKey ?? order.key} AS cursor_key
         FROM ${listingsFor(order)}
        ${where.length > 0 ? `WHERE ${where.join('\n        AND ')}` : ''}
        ORDER BY ${order.key} ${direction}, ${id} ${direction}
        LIMIT ${sql.param(c.limit + 1, 'int')}`,
      sql.values,
    ),
  );
  const counted = c.after ? undefined : rows.length > c.limit ? await countMatches(db, listingsFor(order), filter, filterParams, c.search !== undefined) : rows.length;
  return toPage(db, c, rows, counted);
}

/**
 * How many matches a search in relevance order ranks: the newest whose title or brand holds
 * every word, then the newest of the rest. Ranking is per row (ts_rank, word_similarity): about
 * 10 µs a candidate, finding and reading it another 6 (decision 022), so the bound is most of a
 * search's cost. 120 ranks five pages of 24, and more than the largest page (100) with the row
 * that tells there is a next page. The matches beyond these follow the ranked ones, unranked, in
 * id order.
 */
export const SEARCH_CANDIDATES = 120;
/**
 * Which matches become candidates: the newest (a liquidation shop's freshest stock), ties by id.
 * An order of their own, not the order a scan happens to meet them, so every page of a search
 * takes the same candidates whatever plan PostgreSQL picks for it.
 */
const NEWEST_FIRST = 'ORDER BY p.created_at DESC, p.id DESC';
/**
 * Where a search finds its newest title matches. A word in many titles ("laptop": 1 in 30, 3,700
 * of 110k products) has its newest matches among the newest few thousand products: reading the
 * newest-first index (which holds title and brand) in order finds them after ~3,600 entries and
 * no table row, where the search indexes read every match from the table to sort them by date. A
 * rare word (a typo, a model number) is the other way round. Which one a search is, the newest
 * DENSITY_SAMPLE products tell (an index-only read of a thousand entries): DENSE_MATCHES title
 * matches there (1 in 100) and the index is read in order, up to RECENT_WINDOW products, then
 * the search indexes look up any older title matches still needed. Either way the same
 * candidates (decision 022).
 */
const DENSITY_SAMPLE = 1_000;
const DENSE_MATCHES = 10;
const RECENT_WINDOW = 20_000;
/**
 * The newest `limit` products meeting `where` (on `products p`), found through the search indexes:
 * the matches are read first and then ordered. Those statements are prepared (planned once), so
 * their plan cannot depend on how rare the words are; without the fence (OFFSET 0) that plan read
 * the newest-first index in order and tested every product, which for a rare word is the whole
 * catalogue (33 ms at 110k products, against 0.2 ms through the trigram index). Where the words
 * are common, the newest-first index has already given the candidates (recent) and the limit
 * here is 0, so these matches are never read (decision 023).
 */
const newestMatches = (columns: string, where: string, limit: string) =>
  `SELECT ${columns} FROM (SELECT ${columns}, p.created_at FROM products p WHERE ${where} OFFSET 0) p ${NEWEST_FIRST} LIMIT ${limit}`;
/** The cursor key of the matches past the candidates: below every rank (ranks are >= 0). */
const UNRANKED = -1;

/**
 * A page of a search in relevance order: the candidates (SEARCH_CANDIDATES) ranked, then, when
 * more match, the others by id. Every page recomputes the same candidates: the same statement
 * over the same rows (a change in between may move a product across pages, as with any keyset).
 * A first page counts the matches in the same statement.
 */
async function rankedPage(db: Queryable, c: ProductListCriteria, respelled: string[][] | undefined): Promise<ProductPage> {
  if (!c.search) throw new Error('A relevance order needs a search');
  const sql = parameters();
  const search = searchSql(c.search, respelled, sql);
  const rest = filters(c, sql, MIN_PRICE_OF_P);
  const matches = [search.match, ON_SALE('p'), ...rest].join(' AND ');
  const inWindow = search.inTitleEach('r');
  // Each candidate is ranked where it is found, once it is known to be one (PostgreSQL computes a
  // select list below a sort: ranking before LIMIT would rank every match); only its id and rank go further.
  const rankCandidates = (found: string) => `SELECT c.id, ${search.rank('c')} AS k FROM (${found}) c`;
  const columns = `p.id, p.search_name${search.rankReadsRow ? ', p.search_tsv' : ''}`;
  const candidates =
    inWindow.length === 0
      ? `candidates AS (${rankCandidates(`SELECT ${columns} FROM products p WHERE ${matches} ${NEWEST_FIRST} LIMIT ${SEARCH_CANDIDATES}`)})`
      : `newest AS (
           SELECT CASE WHEN count(*) >= ${DENSE_MATCHES} THEN ${RECENT_WINDOW} ELSE 0 END AS products
             FROM (SELECT r.search_name FROM products r ORDER BY r.created_at DESC, r.id DESC LIMIT ${DENSITY_SAMPLE}) r
            WHERE ${inWindow.join(' AND ')}),
         recent AS (${
           // Title and brand are in the index: the row itself is read only when the match, a filter or the rank needs more.
           search.matchImplied && rest.length === 0 && !search.rankReadsRow
             ? `
           SELECT r.id, ${search.rank('r')} AS k
             FROM (SELECT w.id, w.created_at, w.search_name, w.published_at FROM products w ORDER BY w.created_at DESC, w.id DESC LIMIT (SELECT products FROM newest)) r`
             : `
           SELECT p.*
             FROM (SELECT w.id, w.created_at, w.search_name, w.published_at FROM products w ORDER BY w.created_at DESC, w.id DESC LIMIT (SELECT products FROM newest)) r
             -- Each title match's row, one at a time in the index's order until enough are found (OFFSET 0 keeps PostgreSQL from joining them all first).
             CROSS JOIN LATERAL (SELECT p.id, ${search.rank('p')} AS k FROM products p WHERE p.id = r.id${[...(search.matchImplied ? [] : [search.match]), ...rest].map((c) => ` AND ${c}`).join('')} OFFSET 0) p`
         }
            WHERE ${[ON_SALE('r'), ...inWindow].join(' AND ')}
            ORDER BY r.created_at DESC, r.id DESC
            LIMIT ${SEARCH_CANDIDATES}),
         older AS (${rankCandidates(
           newestMatches(
             columns,
             `${[...search.inTitle('p'), ...(search.matchImplied ? [] : [search.match]), ON_SALE('p'), ...rest].join(' AND ')}
              AND ((SELECT products FROM newest) = 0
                   OR (p.created_at, p.id) < (SELECT b.created_at, b.id FROM products b ORDER BY b.created_at DESC, b.id DESC OFFSET ${RECENT_WINDOW - 1} LIMIT 1))`,
             `${SEARCH_CANDIDATES} - (SELECT count(*) FROM recent)`,
           ),
         )}),
         in_title AS (SELECT * FROM recent UNION ALL SELECT * FROM older),
         candidates AS (
           SELECT * FROM in_title${
             // The respelled search matches by title and brand alone: every match is a title match.
             respelled
               ? ''
               : `
           UNION ALL
           -- Runs only when fewer than SEARCH_CANDIDATES are in_title, that is when in_title holds every title match.
           ${rankCandidates(newestMatches(columns, `${matches} AND NOT (${search.inTitle('p').join(' AND ')})`, `${SEARCH_CANDIDATES} - (SELECT count(*) FROM in_title)`))}`
           })`;
  const candidateParams = sql.values.slice();

  type Row = ProductRow & { cursor_key: number; found?: number; total?: number | null };
  let rows: Row[] = [];
  let found: number | undefined;
  let total: number | null | undefined;
  if (c.after?.key !== UNRANKED) {
    // One statement for every ranked page (the cursor may be null), so each plans the candidates alike.
    const afterKey = sql.once(c.after?.key ?? null, 'float8');
    // A first page's count, only when the candidates are not all the matches; capped like countMatches.
    const capped = (condition: string) => `(SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${condition} LIMIT ${PRODUCT_COUNT_LIMIT + 1}) m)`;
    // Each probe's count, and only when it stays under the cap, the next one's (PostgreSQL runs a subquery of a CASE branch only when it takes that branch).
    const allMatches = () =>
      search.countProbes.reduceRight(
        (otherwise, probe) => `(SELECT CASE WHEN probe.n > ${PRODUCT_COUNT_LIMIT} THEN probe.n ELSE ${otherwise} END FROM ${capped([probe(), ON_SALE('p'), ...rest].join(' AND '))} probe)`,
        capped(matches),
      );
    const count = c.after ? '' : `, CASE WHEN found.n < ${SEARCH_CANDIDATES} THEN found.n ELSE ${allMatches()} END AS total`;
    const ranked = await db.query<Row & { id: string | null }>(
      prepared(
        `WITH ${candidates},
         page AS (
           SELECT id, k FROM candidates
            WHERE ${afterKey()} IS NULL OR (k, id) < (${afterKey()}, ${sql.param(c.after?.id ?? null, 'uuid')})
            ORDER BY k DESC, id DESC
            LIMIT ${sql.param(c.limit + 1, 'int')}),
         found AS (SELECT count(*)::int AS n FROM candidates)
         SELECT found.n AS found${count}, ${LISTED_PRODUCT_COLUMNS}, page.k AS cursor_key
           FROM found
           LEFT JOIN (page JOIN products p ON p.id = page.id) ON true
          ORDER BY page.k DESC, page.id DESC`,
        sql.values,
      ),
    );
    found = ranked.rows[0]!.found;
    total = ranked.rows[0]!.total;
    rows = ranked.rows.filter((r) => r.id !== null);
  }
  if (rows.length <= c.limit && (found === undefined || found === SEARCH_CANDIDATES)) {
    const tail = parameters();
    tail.values.push(...candidateParams);
    const afterId = tail.once(c.after?.key === UNRANKED ? c.after.id : null, 'uuid');
    const more = await db.query<Row>(
      plannedEachTime(
        `WITH ${candidates}
         SELECT ${LISTED_PRODUCT_COLUMNS}, ${UNRANKED}::float8 AS cursor_key
           FROM products p
          WHERE ${matches} AND p.id NOT IN (SELECT id FROM candidates)
            AND (${afterId()} IS NULL OR p.id < ${afterId()})
          ORDER BY p.id DESC
          LIMIT ${tail.param(c.limit + 1 - rows.length, 'int')}`,
        tail.values,
      ),
    );
    rows = [...rows, ...more.rows];
  }
  // All matches were candidates when fewer than the bound were found: no need to count them again.
  const counted = c.after ? undefined : found !== undefined && found < SEARCH_CANDIDATES ? found : (total ?? undefined);
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
async function countMatches(db: Queryable, listings: string, filter: string, params: readonly unknown[], search: boolean): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    statementFor(search, `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${listings} ${filter} LIMIT ${PRODUCT_COUNT_LIMIT + 1}) m`, params),
  );
  return rows[0]!.total;
}
