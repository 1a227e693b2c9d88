import type { Queryable } from '@pl/service-kit';
import type { CartLineRecord } from '../domain/cart-view.js';

/** The lines of the cart belonging to a session subject, oldest first; none when there is no cart. */
export async function findCartLines(db: Queryable, subject: string): Promise<CartLineRecord[]> {
  const { rows } = await db.query<CartLineRecord>(
    `SELECT l.id, l.sku, l.qty, l.title, l.image, l.condition_grade AS "conditionGrade", l.condition_notes AS "conditionNotes",
            l.one_of_a_kind AS "oneOfAKind", l.unit_price_cents AS "unitPriceCents", l.compare_at_cents AS "compareAtCents",
            l.hold_expires_at AS "holdExpiresAt"
       FROM carts c JOIN cart_lines l ON l.cart_id = c.id
      WHERE c.subject = $1
      ORDER BY l.created_at, l.id`,
    [subject],
  );
  return rows;
}
