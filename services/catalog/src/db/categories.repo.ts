import type { CategoryCount } from '@pl/contracts';
import { prepared, type Queryable } from '@pl/service-kit';

/**
 * Every category, in display order, with how many products it holds (zeros included): the sum of
 * the changes the products triggers appended (migration 007), a few rows per category once
 * compacted, rather than a count of every product.
 */
export async function categoryCounts(db: Queryable): Promise<CategoryCount[]> {
  const { rows } = await db.query<CategoryCount>(
    prepared(
      `SELECT c.id AS category, coalesce(sum(n.change), 0)::int AS count
         FROM categories c
         LEFT JOIN category_count_changes n ON n.category_id = c.id
        GROUP BY c.id, c.sort
        ORDER BY c.sort`,
      [],
    ),
  );
  return rows;
}

/**
 * Folds the appended changes into one row per category; answers how many rows it folded (0 when
 * there was nothing to fold). Safe beside writers and other instances: the DELETE takes only the
 * rows its snapshot sees, and rows it does not see stay for the next pass.
 */
export async function compactCategoryCounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ folded: number }>(
    `WITH folded AS (
       DELETE FROM category_count_changes
        WHERE (SELECT count(*) FROM category_count_changes) > (SELECT count(*) FROM categories)
       RETURNING category_id, change
     ), kept AS (
       INSERT INTO category_count_changes (category_id, change)
       SELECT category_id, sum(change) FROM folded GROUP BY category_id HAVING sum(change) <> 0
     )
     SELECT count(*)::int AS folded FROM folded`,
  );
  return rows[0]!.folded;
}
