import type { CategoryCount } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

/**
 * Every category, in display order, with how many products it holds (zeros included). Counted
 * before the join, so the count reads only the category index, not the wide product rows.
 */
export async function categoryCounts(db: Queryable): Promise<CategoryCount[]> {
  const { rows } = await db.query<CategoryCount>(
    `SELECT c.id AS category, coalesce(n.count, 0)::int AS count
       FROM categories c
       LEFT JOIN (SELECT category_id, count(*) AS count FROM products GROUP BY category_id) n ON n.category_id = c.id
      ORDER BY c.sort`,
  );
  return rows;
}
