import type { CheckoutDetailsPayload } from '@pl/contracts';
import { prepared, type Queryable } from '@pl/service-kit';
import type { CartLineRecord } from '../domain/cart-view.js';

const LINE_COLUMNS = `l.id, l.sku, l.product_id AS "listingId", l.brand, l.images, l.qty, l.title, l.image, l.condition_grade AS "conditionGrade", l.condition_notes AS "conditionNotes",
  l.one_of_a_kind AS "oneOfAKind", l.unit_price_cents AS "unitPriceCents", l.compare_at_cents AS "compareAtCents",
  l.hold_expires_at AS "holdExpiresAt", l.hold_ids::text[] AS "holdIds"`;

export interface CartRecord {
  id: string;
  subject: string;
  checkout: CheckoutDetailsPayload | null;
}

/** The cart of a session subject and its lines, oldest first, in one statement; no cart and no lines when there is none. */
export async function findCartWithLines(db: Queryable, subject: string): Promise<{ cart: CartRecord | undefined; lines: CartLineRecord[] }> {
  const { rows } = await db.query<CartLineRecord & { cartId: string; checkout: CheckoutDetailsPayload | null }>(
    prepared(
      `SELECT c.id AS "cartId", c.checkout, ${LINE_COLUMNS}
         FROM carts c LEFT JOIN cart_lines l ON l.cart_id = c.id
        WHERE c.subject = $1
        ORDER BY l.created_at, l.id`,
      [subject],
    ),
  );
  const [first] = rows;
  if (!first) return { cart: undefined, lines: [] };
  return {
    cart: { id: first.cartId, subject, checkout: first.checkout },
    lines: rows.filter((r) => r.id !== null).map(({ cartId: _, checkout: __, ...line }) => line),
  };
}

export async function findLinesOfCart(db: Queryable, cartId: string): Promise<CartLineRecord[]> {
  const { rows } = await db.query<CartLineRecord>(prepared(`SELECT ${LINE_COLUMNS} FROM cart_lines l WHERE l.cart_id = $1 ORDER BY l.created_at, l.id`, [cartId]));
  return rows;
}

export async function findCart(db: Queryable, subject: string): Promise<CartRecord | undefined> {
  const { rows } = await db.query<CartRecord>(prepared(`SELECT id, subject, checkout FROM carts WHERE subject = $1`, [subject]));
  return rows[0];
}

export async function ensureCart(db: Queryable, subject: string): Promise<CartRecord> {
  const { rows } = await db.query<CartRecord>(
    prepared(
      `INSERT INTO carts (subject) VALUES ($1) ON CONFLICT (subject) DO UPDATE SET updated_at = now() RETURNING id, subject, checkout`,
      [subject],
    ),
  );
  return rows[0]!;
}

/** Saves the checkout details of a subject's cart, creating the cart if there is none yet, in one statement. */
export async function saveCheckoutOf(db: Queryable, subject: string, checkout: CheckoutDetailsPayload): Promise<void> {
  await db.query(
    prepared(
      `INSERT INTO carts (subject, checkout) VALUES ($1, $2) ON CONFLICT (subject) DO UPDATE SET checkout = excluded.checkout, updated_at = now()`,
      [subject, JSON.stringify(checkout)],
    ),
  );
}

export async function saveCheckout(db: Queryable, cartId: string, checkout: CheckoutDetailsPayload): Promise<void> {
  await db.query(prepared(`UPDATE carts SET checkout = $2, updated_at = now() WHERE id = $1`, [cartId, JSON.stringify(checkout)]));
}

export async function deleteCart(db: Queryable, cartId: string): Promise<void> {
  await db.query(prepared(`DELETE FROM carts WHERE id = $1`, [cartId]));
}

/** Unique items this cart holds right now (anti-hoarding), other than `exceptSku`. */
export async function countHeldUniqueLines(db: Queryable, cartId: string, exceptSku: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = $1 AND one_of_a_kind AND hold_expires_at > now() AND sku <> $2`,
      [cartId, exceptSku],
    ),
  );
  return rows[0]!.n;
}

/** Inserts a line, or adds to the line of the same sku (the variant snapshot refreshed to what the catalog says now). */
export async function upsertLine(db: Queryable, cartId: string, line: Omit<CartLineRecord, 'id'>): Promise<void> {
  await db.query(
    prepared(
      `INSERT INTO cart_lines (cart_id, sku, qty, title, image, condition_grade, condition_notes, one_of_a_kind, unit_price_cents, compare_at_cents, hold_ids, hold_expires_at,
                              product_id, brand, images)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid[], $12, $13, $14, $15::text[])
     ON CONFLICT (cart_id, sku) DO UPDATE SET qty = EXCLUDED.qty, title = EXCLUDED.title, image = EXCLUDED.image,
       product_id = EXCLUDED.product_id, brand = EXCLUDED.brand, images = EXCLUDED.images,
       condition_grade = EXCLUDED.condition_grade, condition_notes = EXCLUDED.condition_notes, one_of_a_kind = EXCLUDED.one_of_a_kind,
       unit_price_cents = EXCLUDED.unit_price_cents, compare_at_cents = EXCLUDED.compare_at_cents,
       hold_ids = EXCLUDED.hold_ids, hold_expires_at = EXCLUDED.hold_expires_at`,
      [cartId, line.sku, line.qty, line.title, line.image, line.conditionGrade, line.conditionNotes, line.oneOfAKind, line.unitPriceCents, line.compareAtCents, line.holdIds, line.holdExpiresAt, line.listingId, line.brand, line.images],
    ),
  );
}

export async function updateLine(db: Queryable, lineId: string, change: { qty: number; holdIds: string[]; holdExpiresAt: Date | null }): Promise<void> {
  await db.query(prepared(`UPDATE cart_lines SET qty = $2, hold_ids = $3::uuid[], hold_expires_at = $4 WHERE id = $1`, [lineId, change.qty, change.holdIds, change.holdExpiresAt]));
}

export async function moveLine(db: Queryable, lineId: string, cartId: string): Promise<void> {
  await db.query(prepared(`UPDATE cart_lines SET cart_id = $2 WHERE id = $1`, [lineId, cartId]));
}

export async function deleteLines(db: Queryable, lineIds: readonly string[]): Promise<void> {
  await db.query(prepared(`DELETE FROM cart_lines WHERE id = ANY($1::uuid[])`, [lineIds]));
}

/** Keeps the prices the catalog asks now as the lines' last known ones (shown when the catalog cannot be asked). */
export async function setLinePrices(db: Queryable, lines: ReadonlyArray<Pick<CartLineRecord, 'id' | 'unitPriceCents' | 'compareAtCents'>>): Promise<void> {
  if (lines.length === 0) return;
  await db.query(
    prepared(
      `UPDATE cart_lines l SET unit_price_cents = p.price, compare_at_cents = p.compare_at
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS p (id, price, compare_at)
        WHERE l.id = p.id`,
      [lines.map((l) => l.id), lines.map((l) => l.unitPriceCents), lines.map((l) => l.compareAtCents)],
    ),
  );
}
