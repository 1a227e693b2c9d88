import type { OrderStatus } from '@pl/contracts';
import { Badge } from '@pl/ui';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from '../utils/order-status.js';

/** An order's status in words and colour, and 'Overdue' beside it for a pickup left waiting too long. */
export function OrderStatusBadges({ status, overdue }: { status: OrderStatus; overdue: boolean }) {
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
    </span>
  );
}
