// Adding, changing and removing cart lines. Each change of one cart runs under that cart's lock
// (across instances) because it asks the catalog between reading and writing the cart. The
// catalog decides every hold; a refusal comes back with its shopper-facing message and nothing
// in the cart changes.
import { ErrorCodes, HoldErrorCodes, MAX_LINE_QTY, SKU_PATTERN, type AddToCartPayload, type VariantInfo } from '@pl/contracts';
import { AppError, conflict, notFound, type PoolClient } from '@pl/service-kit';
import { countHeldUniqueLines, ensureCart, findCartWithLines, findLinesOfCart, findCart, upsertLine, updateLine, deleteLines } from '../db/carts.repo.js';
import { withAdvisoryLock } from '../db/cart-lock.js';
import { releaseQuietly, type CartContext } from './cart-context.js';
import { isHeld, type CartLineRecord, type LineSnapshot } from './cart-view.js';
import { CartErrorCodes } from './error-codes.js';

export const cartLockKey = (cartId: string) => `cart:${cartId}`;
/** Holds are taken in the cart's name: the catalog tells a shopper apart from "another shopper" by it. */
export const holderOf = (cartId: string) => `cart:${cartId}`;

const unknownSku = (sku: string) => new AppError(404, ErrorCodes.notFound, `Unknown SKU ${sku}`);
const lineNotFound = () => notFound('Cart line not found');

function snapshotOf(info: VariantInfo): LineSnapshot {
  const { sku, productId: listingId, brand, images, title, image, conditionGrade, conditionNotes, oneOfAKind, priceCents: unitPriceCents, compareAtCents } = info;
  return { sku, listingId, brand, images, title, image, conditionGrade, conditionNotes, oneOfAKind, unitPriceCents, compareAtCents };
}

/** The catalog's words for "not that many", used for lines that hold nothing until payment. */
function notEnough(available: number) {
  return conflict(available > 0 ? `Only ${available} left` : 'Sorry, this item is sold out', HoldErrorCodes.insufficientStock);
}

const earliest = (a: Date | null, b: Date) => (a && a < b ? a : b);

interface Holding {
  qty: number;
  holdIds: string[];
  holdExpiresAt: Date | null;
}

/**
 * Where a line's units stand after changing its quantity to `qty`. One-of-a-kind items are held
 * from the moment they are in a cart: more units are held on top, fewer are held afresh. Other
 * lines hold nothing until payment, so they are checked against what is available (their own
 * holds from a payment attempt are dropped and taken again at the next one).
 */
async function holdingFor(ctx: CartContext, cartId: string, info: VariantInfo, line: CartLineRecord | undefined, qty: number): Promise<Holding> {
  const held = line !== undefined && isHeld(line);
  if (!info.oneOfAKind) {
    const ownHeld = held ? line.qty : 0;
    if (qty > (line?.qty ?? 0) && qty > info.available + ownHeld) throw notEnough(info.available + ownHeld);
    return { qty, holdIds: [], holdExpiresAt: null };
  }
  const hold = (n: number) => ctx.catalog.createHold({ sku: info.sku, qty: n, holder: holderOf(cartId), ttlSeconds: ctx.settings.uniqueItemHoldSeconds });
  if (held && qty > line.qty) {
    const extra = await hold(qty - line.qty);
    return { qty, holdIds: [...line.holdIds, extra.id], holdExpiresAt: earliest(line.holdExpiresAt, new Date(extra.expiresAt)) };
  }
  // REVIEW: holding fewer releases first, so another shopper may take a unit in between; a
  // one-of-a-kind line of several units is rare and the catalog has no "shrink a hold" call.
  if (line) await releaseQuietly(ctx, line.holdIds);
  const fresh = await hold(qty);
  return { qty, holdIds: [fresh.id], holdExpiresAt: new Date(fresh.expiresAt) };
}

async function assertMayHoldAnotherUnique(ctx: CartContext, client: PoolClient, cartId: string, sku: string): Promise<void> {
  const max = ctx.settings.maxUniqueHoldsPerCart;
  if ((await countHeldUniqueLines(client, cartId, sku)) >= max) {
    throw conflict(`You can hold at most ${max} unique items at once`, CartErrorCodes.holdLimit);
  }
}

/**
 * POST /api/cart/lines: adds qty of a sku, on top of a line of the same sku.
 * A one-of-a-kind unit someone else holds (a drop: hundreds of shoppers, one unit) is refused
 * before anything is written or locked: the catalog says, from a consistent read, that the hold
 * would be refused now, which is as true as if the request had come at that moment. Of those it
 * says might win, only as many as there are units go on at once (the unique-item gate); the others
 * read again once those have their answer. Those who go on create their cart, queue on its lock and
 * ask the catalog for the hold, which decides under the variant's lock.
 */
export async function addLine(ctx: CartContext, subject: string, request: AddToCartPayload): Promise<void> {
  const sku = request.variantId;
  if (!SKU_PATTERN.test(sku)) throw unknownSku(sku);
  const { cart: existing, lines } = await findCartWithLines(ctx.pool, subject);
  const own = lines.find((l) => l.sku === sku);
  // The units a hold would take: the extra ones on a line already held, else the whole line (held afresh).
  const wanted = own && isHeld(own) ? request.qty : (own?.qty ?? 0) + request.qty;
  const holder = existing ? holderOf(existing.id) : undefined;
  // Someone holding none of the sku is refused what anyone holding none is refused: a drop's losers
  // hear a refusal the catalog gave moments ago (decision 034).
  const holdsNone = !(own && isHeld(own));
  const remembered = holdsNone ? ctx.refusals.recall(sku, wanted) : undefined;
  if (remembered) throw conflict(remembered.message, remembered.code);
  const ask = async () => {
    const mark = ctx.refusals.mark();
    const answer = await ctx.catalog.variant(sku, { qty: wanted, holder });
    if (answer.oneOfAKind && answer.refusal) {
      if (holdsNone) ctx.refusals.remember(sku, wanted, answer.refusal, mark);
      throw conflict(answer.refusal.message, answer.refusal.code);
    }
    return answer;
  };
  const add = async (info: VariantInfo) => {
    const cart = existing ?? (await ensureCart(ctx.pool, subject));
    await withAdvisoryLock(ctx.pool, cartLockKey(cart.id), (client) => addUnderLock(ctx, client, cart.id, info, request.qty));
  };
  return ctx.uniqueItems.through(sku, wanted, { key: `${wanted} ${holder ?? ''}`, read: ask }, add);
}

async function addUnderLock(ctx: CartContext, client: PoolClient, cartId: string, info: VariantInfo, more: number): Promise<void> {
  const line = (await findLinesOfCart(client, cartId)).find((l) => l.sku === info.sku);
  const qty = (line?.qty ?? 0) + more;
  if (qty > MAX_LINE_QTY) throw conflict(`You can have at most ${MAX_LINE_QTY} of an item in your cart`, CartErrorCodes.lineLimit);
  if (info.oneOfAKind && !(line && isHeld(line))) await assertMayHoldAnotherUnique(ctx, client, cartId, info.sku);
  const holding = await holdingFor(ctx, cartId, info, line, qty);
  try {
    await upsertLine(client, cartId, { ...snapshotOf(info), ...holding });
  } catch (err) {
    await releaseQuietly(ctx, holding.holdIds.filter((id) => !line?.holdIds.includes(id)));
    throw err;
  }
  if (line && !info.oneOfAKind) await releaseQuietly(ctx, line.holdIds);
}

/** Runs fn on the caller's own line under the cart's lock; someone else's line is as unknown as a missing one. */
async function withOwnLine<T>(ctx: CartContext, subject: string, lineId: string, fn: (client: PoolClient, cartId: string, line: CartLineRecord) => Promise<T>): Promise<T> {
  const cart = await findCart(ctx.pool, subject);
  if (!cart) throw lineNotFound();
  return withAdvisoryLock(ctx.pool, cartLockKey(cart.id), async (client) => {
    const line = (await findLinesOfCart(client, cart.id)).find((l) => l.id === lineId);
    if (!line) throw lineNotFound();
    return fn(client, cart.id, line);
  });
}

/**
 * PATCH /api/cart/lines/:id: sets a line's quantity. The same quantity on a one-of-a-kind line
 * whose hold ran out holds it again ('Hold again'), if nobody else has taken it meanwhile.
 */
export function setLineQty(ctx: CartContext, subject: string, lineId: string, qty: number): Promise<void> {
  return withOwnLine(ctx, subject, lineId, async (client, cartId, line) => {
    if (qty === line.qty && !(line.oneOfAKind && !isHeld(line))) return;
    const info = await ctx.catalog.variant(line.sku);
    if (info.oneOfAKind && !isHeld(line)) await assertMayHoldAnotherUnique(ctx, client, cartId, line.sku);
    const holding = await holdingFor(ctx, cartId, info, line, qty);
    await updateLine(client, line.id, holding);
    await releaseQuietly(ctx, line.holdIds.filter((id) => !holding.holdIds.includes(id)));
  });
}

/** DELETE /api/cart/lines/:id: removes the line and gives its units back. */
export function removeLine(ctx: CartContext, subject: string, lineId: string): Promise<void> {
  return withOwnLine(ctx, subject, lineId, async (client, _cartId, line) => {
    await deleteLines(client, [line.id]);
    await releaseQuietly(ctx, line.holdIds);
  });
}
