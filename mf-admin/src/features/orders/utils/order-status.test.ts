import { ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS, REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from './order-status';

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

describe('cancellations, returns and refunds', () => {
  it('name the statuses of an order that was cancelled or is being returned', () => {
    expect([ORDER_STATUS_LABELS.cancelled, ORDER_STATUS_LABELS.return_requested, ORDER_STATUS_LABELS.returned]).toEqual(['Cancelled', 'Return requested', 'Returned']);
  });

  it('say where a refund stands and what it was for', () => {
    expect(REFUND_STATUS_LABELS).toEqual({ pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' });
    expect(REFUND_REASON_LABELS).toEqual({ cancellation: 'Cancellation', return: 'Return' });
  });
});
