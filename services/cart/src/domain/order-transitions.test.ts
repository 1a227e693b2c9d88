import { OrderActions, OrderStatuses, type Fulfilment, type OrderAction, type OrderStatus } from '@pl/contracts';
import { decideCancel, decideTransition, deskActions } from './order-transitions';

const pickup: Fulfilment = { type: 'pickup', locationId: 'dublin' };
const shipping: Fulfilment = {
  type: 'shipping',
  address: { name: 'Ada Admin', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' },
};
const ups = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
const input = (action: OrderAction) => (action === 'shipped' ? { shipment: ups } : {});

/** The whole table: what each action does from each status, for each kind of order. */
const allowed: Record<Fulfilment['type'], Partial<Record<OrderAction, { from: OrderStatus; to: OrderStatus }>>> = {
  pickup: { ready_for_pickup: { from: 'paid', to: 'ready_for_pickup' }, picked_up: { from: 'ready_for_pickup', to: 'picked_up' } },
  shipping: { shipped: { from: 'paid', to: 'shipped' }, delivered: { from: 'shipped', to: 'delivered' } },
};

describe('decideTransition: every action from every status', () => {
  for (const fulfilment of [pickup, shipping]) {
    for (const action of OrderActions) {
      for (const status of OrderStatuses) {
        const step = allowed[fulfilment.type][action];
        const expected = !step ? 'refuse' : status === step.from ? 'move' : status === step.to ? 'already' : 'refuse';
        it(`${fulfilment.type}: ${action} from ${status} → ${expected}`, () => {
          const shipment = status === 'shipped' || status === 'delivered' ? ups : null;
          const decision = decideTransition({ status, fulfilment, shipment }, action, input(action));
          expect(decision.kind).toBe(expected);
          if (decision.kind === 'move') expect(decision.to).toBe(step!.to);
          if (decision.kind === 'refuse') expect(decision.message).toMatch(/cannot be marked/);
        });
      }
    }
  }
});

describe('decideTransition: what the refusals say and what shipping needs', () => {
  it('names the kind of order when the action belongs to the other kind', () => {
    expect(decideTransition({ status: 'paid', fulfilment: pickup, shipment: null }, 'shipped', { shipment: ups })).toEqual({
      kind: 'refuse',
      message: 'This is a pickup order: it cannot be marked shipped.',
    });
  });

  it('says where the order is when it is past the step', () => {
    expect(decideTransition({ status: 'picked_up', fulfilment: pickup, shipment: null }, 'ready_for_pickup')).toEqual({
      kind: 'refuse',
      message: 'This order is already picked up: it cannot be marked ready for pickup.',
    });
  });

  it('carries the shipment on the way to shipped, and needs one', () => {
    expect(decideTransition({ status: 'paid', fulfilment: shipping, shipment: null }, 'shipped', { shipment: ups })).toEqual({ kind: 'move', to: 'shipped', shipment: ups });
    expect(decideTransition({ status: 'paid', fulfilment: shipping, shipment: null }, 'shipped').kind).toBe('refuse');
  });

  it('treats shipping again with the same tracking number as done, and another one as a conflict', () => {
    const shipped = { status: 'shipped' as const, fulfilment: shipping, shipment: ups };
    expect(decideTransition(shipped, 'shipped', { shipment: { ...ups } })).toEqual({ kind: 'already' });
    expect(decideTransition(shipped, 'shipped', { shipment: { carrier: 'UPS', trackingNumber: 'OTHER123' } })).toEqual({
      kind: 'refuse',
      message: 'This order was already shipped with UPS 1Z999AA10123456784.',
    });
  });
});

describe('deskActions: what the desk may do with an order where it is', () => {
  it('prepares a paid pickup order, then hands it over; ships a paid shipping order, then marks it delivered', () => {
    expect(deskActions({ status: 'paid', fulfilment: pickup })).toEqual({ next: ['ready_for_pickup'], cancel: true });
    expect(deskActions({ status: 'ready_for_pickup', fulfilment: pickup })).toEqual({ next: ['picked_up'], cancel: true });
    expect(deskActions({ status: 'paid', fulfilment: shipping })).toEqual({ next: ['shipped'], cancel: true });
    expect(deskActions({ status: 'shipped', fulfilment: shipping })).toEqual({ next: ['delivered'], cancel: false });
  });

  it('offers nothing for an order that is done, ended or in a return, and never a step of the other kind of order', () => {
    const open = new Set<OrderStatus>(['paid', 'ready_for_pickup', 'shipped']);
    for (const status of OrderStatuses.filter((s) => !open.has(s))) {
      expect(deskActions({ status, fulfilment: pickup })).toEqual({ next: [], cancel: false });
      expect(deskActions({ status, fulfilment: shipping })).toEqual({ next: [], cancel: false });
    }
    expect(deskActions({ status: 'ready_for_pickup', fulfilment: shipping }).next).toEqual([]);
    expect(deskActions({ status: 'shipped', fulfilment: pickup }).next).toEqual([]);
  });

  it('offers exactly the actions decideTransition would take, and cancellation exactly where decideCancel would', () => {
    for (const status of OrderStatuses) {
      for (const fulfilment of [pickup, shipping]) {
        const offered = deskActions({ status, fulfilment });
        expect(offered.next).toEqual(OrderActions.filter((action) => decideTransition({ status, fulfilment, shipment: null }, action, input(action)).kind === 'move'));
        expect(offered.cancel).toBe(decideCancel({ status }).kind === 'move');
      }
    }
  });
});
