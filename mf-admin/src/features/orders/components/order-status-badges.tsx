import { TEST_ORDER_LABEL, type OrderStatus } from '@pl/contracts';
import { Badge } from '@pl/ui';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from '../utils/order-status.js';

/**
 * An order's status in words and colour, 'Overdue' beside it for a pickup left waiting too long,
 * and 'Test order' for one paid in test mode (no money was taken: decision 042).
 */
export function OrderStatusBadges({ status, overdue, testOrder }: { status: OrderStatus; overdue: boolean; testOrder: boolean }) {
  return (
    <span className="adm-status-badges">
      <Badge variant="secondary" tone={ORDER_STATUS_TONES[status]} data-order-status={status}>
        {ORDER_STATUS_LABELS[status]}
      </Badge>
      {overdue && (
        <Badge variant="destructive" data-overdue>
          Overdue
        </Badge>
      )}
      {testOrder && (
        <Badge variant="outline" data-test-order>
          {TEST_ORDER_LABEL}
        </Badge>
      )}
    </span>
  );
}
