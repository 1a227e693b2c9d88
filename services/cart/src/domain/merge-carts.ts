// On sign-in the guest cart joins the customer's: quantities combined (never beyond what is
// available, units this cart already holds counted), holds carried over with their lines, and
// the merge happens once per sign-in, however often it is asked for: the gateway asks before it
// answers the sign-in, and the customer.signed-in event asks again as the backstop.
import { MAX_LINE_QTY, type MergeGuestCartRequest } from '@pl/contracts';
import { inTransaction } from '@pl/service-kit';
import { deleteCart, ensureCart, findCart, findLinesOfCart, moveLine, saveCheckout, updateLine, deleteLines } from '../db/carts.repo.js';
import { withAdvisoryLock } from '../db/cart-lock.js';
import { isProcessed, recordProcessedEvent } from '../db/processed-events.repo.js';
import type { CartContext } from './cart-context.js';
import { cartLockKey } from './cart-lines.js';
import { isHeld } from './cart-view.js';

/**
 * One key per sign-in for both ways of asking: a guest subject signs in once (the browser then
 * carries the customer's cookie; signing out starts a new guest).
 */
const mergeKey = ({ guestSubject, customerId }: MergeGuestCartRequest) => ({ source: 'sign-in-merge', id: `${guestSubject}>${customerId}` });

export async function mergeGuestCart(ctx: CartContext, signIn: MergeGuestCartRequest): Promise<void> {
  if (signIn.guestSubject === signIn.customerId) return;
  const guest = await findCart(ctx.pool, signIn.guestSubject);
  if (!guest) return;
  const customer = await ensureCart(ctx.pool, signIn.customerId);
  // Both carts locked, in a fixed order so two merges can never wait on each other.
  const [first, second] = [guest.id, customer.id].sort() as [string, string];
  await withAdvisoryLock(ctx.pool, cartLockKey(first), () =>
    withAdvisoryLock(ctx.pool, cartLockKey(second), async (client) => {
      const event = mergeKey(signIn);
      if (await isProcessed(client, event)) return;
      const guestLines = await findLinesOfCart(client, guest.id);
      const customerLines = await findLinesOfCart(client, customer.id);
      const plans: Array<() => Promise<void>> = [];
      for (const line of guestLines) {
        const mine = customerLines.find((l) => l.sku === line.sku);
        if (!mine) {
          plans.push(() => moveLine(client, line.id, customer.id));
          continue;
        }
        const heldQty = (isHeld(line) ? line.qty : 0) + (isHeld(mine) ? mine.qty : 0);
        const { available } = await ctx.catalog.variant(line.sku);
        const qty = Math.min(MAX_LINE_QTY, line.qty + mine.qty, Math.max(mine.qty, available + heldQty));
        const holds = [...mine.holdIds, ...line.holdIds];
        const expiries = [mine, line].filter((l) => isHeld(l)).map((l) => l.holdExpiresAt!.getTime());
        plans.push(async () => {
          await deleteLines(client, [line.id]);
          await updateLine(client, mine.id, { qty, holdIds: holds, holdExpiresAt: expiries.length > 0 ? new Date(Math.min(...expiries)) : mine.holdExpiresAt });
        });
      }
      await inTransaction(client, async (tx) => {
        // Under both carts' locks nobody else can be merging this event: recording it here is enough.
        if (!(await recordProcessedEvent(tx, event))) return;
        for (const apply of plans) await apply();
        if (!customer.checkout && guest.checkout) await saveCheckout(tx, customer.id, guest.checkout);
        await deleteCart(tx, guest.id);
      });
    }),
  );
}
