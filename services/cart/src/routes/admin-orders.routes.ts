import { Router, type Request } from 'express';
import { z } from 'zod';
import { AdminOrderPaths, AdminOrderQuery, CancelOrderPayload, EmptyActionPayload, MarkPickedUpPayload, MarkShippedPayload, ReceiveReturnPayload, type OrderAction } from '@pl/contracts';
import { auditActor, notFound, parseInput, requireAdmin } from '@pl/service-kit';
import type { CartContext } from '../domain/cart-context.js';
import { actOnOrder, countOrdersForDesk, listOrdersForDesk, orderForDesk, type Actor } from '../domain/order-desk.js';
import { cancelOrder, receiveReturn } from '../domain/order-returns.js';

const OrderParams = z.object({ id: z.guid() });
const ID = ':id';
const orderIdOf = (req: Request) => {
  const parsed = OrderParams.safeParse(req.params);
  if (!parsed.success) throw notFound('Order not found');
  return parsed.data.id;
};
/** The admin taking the action (requireAdmin let only a signed-in admin through), named for the audit trail. */
const adminOf = (req: Request): Actor => {
  const { subject, name } = auditActor(req.principal);
  return { kind: 'admin', id: subject, name };
};

/** The store's order desk (admins only; the gateway checks too). Every action answers the order as it now is. */
export function adminOrdersRoutes(ctx: CartContext): Router {
  const router = Router();
  router.use(AdminOrderPaths.orders, requireAdmin, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  router.get(AdminOrderPaths.orders, async (req, res) => {
    res.json(await listOrdersForDesk(ctx, parseInput(AdminOrderQuery, req.query)));
  });
  router.get(AdminOrderPaths.counts, async (_req, res) => {
    res.json(await countOrdersForDesk(ctx));
  });
  router.get(AdminOrderPaths.order(ID), async (req, res) => {
    res.json(await orderForDesk(ctx, orderIdOf(req)));
  });

  /** An action on one order: its payload checked by `run`, then the order as it now is. */
  const action = (path: string, run: (id: string, admin: Actor, body: unknown) => Promise<void>) =>
    router.post(path, async (req, res) => {
      const id = orderIdOf(req);
      await run(id, adminOf(req), req.body ?? {});
      res.json(await orderForDesk(ctx, id));
    });
  const step = (name: OrderAction, input: (body: unknown) => Parameters<typeof actOnOrder>[4]) => (id: string, admin: Actor, body: unknown) =>
    actOnOrder(ctx, id, name, admin, input(body));
  action(AdminOrderPaths.ready(ID), step('ready_for_pickup', (body) => (parseInput(EmptyActionPayload, body), {})));
  action(AdminOrderPaths.pickedUp(ID), step('picked_up', (body) => (parseInput(MarkPickedUpPayload, body), {})));
  action(AdminOrderPaths.shipped(ID), step('shipped', (body) => ({ shipment: parseInput(MarkShippedPayload, body) })));
  action(AdminOrderPaths.delivered(ID), step('delivered', (body) => (parseInput(EmptyActionPayload, body), {})));
  action(AdminOrderPaths.cancel(ID), (id, admin, body) => cancelOrder(ctx, id, admin, parseInput(CancelOrderPayload, body)));
  action(AdminOrderPaths.receiveReturn(ID), (id, admin, body) => receiveReturn(ctx, id, admin, parseInput(ReceiveReturnPayload, body)));
  return router;
}
