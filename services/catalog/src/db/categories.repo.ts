import type { CategoryCount } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

/** Every category, in display order, with how many products it holds (zeros included). */
export async function categoryCounts(db: Queryable): Promise<CategoryCount[]> {
  const { rows } = await db.query<CategoryCount>(
    `SELECT c.id AS category, count(p.id)::int AS count
       FROM categories c LEFT JOIN products p ON p.category_id = c.id
      GROUP BY c.id, c.sort ORDER BY c.sort`,
  );
  return rows;
}
