import type { OrderHistoryEntry } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@pl/ui';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { ORDER_STATUS_LABELS } from '../utils/order-status.js';
import { actorText, historyDetailText } from '../utils/order-text.js';

/** Every step the order took, oldest first, with when and by whom. */
export function OrderHistoryCard({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <Card className="adm-order-history" role="region" aria-labelledby="adm-order-history-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-history-title">
          History
        </CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="pl-muted">No history recorded.</p>
        ) : (
          <ol className="adm-history">
            {history.map((entry, i) => {
              const detail = historyDetailText(entry.details);
              return (
                <li key={`${entry.at}-${i}`} className="adm-history__entry" data-history-status={entry.status}>
                  <strong>{ORDER_STATUS_LABELS[entry.status]}</strong>
                  <span className="adm-history__meta">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> {actorText(entry.actor)}
                  </span>
                  {detail && <span className="adm-history__detail">{detail}</span>}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
