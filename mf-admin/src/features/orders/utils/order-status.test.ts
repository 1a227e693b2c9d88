import { ORDER_STATUS_OPTIONS } from './order-status';

describe('the status filter', () => {
  it('offers every status by its human name, in the order an order lives through them', () => {
    expect(ORDER_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'Paid',
      'Ready for pickup',
      'Picked up',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Refunded',
      'Return requested',
      'Returned',
    ]);
    expect(ORDER_STATUS_OPTIONS[1]).toEqual({ value: 'ready_for_pickup', label: 'Ready for pickup' });
  });
});
