import { Badge, Card, CardContent, CardHeader, CardTitle, formatPrice, Skeleton } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { usePriceHistory } from '../api/get-price-history.js';
import { PRICE_SOURCE_TEXT, priceChangedByText } from '../utils/price-history-text.js';

/** Every price the listing's variants have had, newest first: when, which sku, from and to, the source (POS, markdown, admin, manifest), who and why. */
export function PriceHistoryCard({ productId }: { productId: string }) {
  const history = usePriceHistory(productId);
  const entries = history.data?.entries;
  return (
    <Card className="adm-price-history" role="region" aria-labelledby="adm-price-history-title">
      <CardHeader>
        <CardTitle level={2} id="adm-price-history-title">
          Price history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!entries && history.error ? (
          <PanelError what="the price history" error={history.error} />
        ) : !entries ? (
          <Skeleton style={{ height: '5rem' }} />
        ) : entries.length === 0 ? (
          <p className="pl-muted">No price recorded yet.</p>
        ) : (
          <ol className="adm-history" aria-label="Price changes, newest first">
            {entries.map((entry, i) => {
              const by = priceChangedByText(entry);
              return (
                <li key={`${entry.variantId}-${entry.changedAt}-${i}`} className="adm-history__entry" data-price-source={entry.source}>
                  <span className="adm-price-move">
                    {entry.oldPrice === null ? (
                      <>First price {formatPrice(entry.newPrice)}</>
                    ) : (
                      <>
                        {formatPrice(entry.oldPrice)} → {formatPrice(entry.newPrice)}
                      </>
                    )}{' '}
                    <Badge variant="secondary" tone={entry.source === 'markdown' ? 'orange' : undefined}>
                      {PRICE_SOURCE_TEXT[entry.source]}
                    </Badge>
                  </span>
                  <span className="adm-history__meta">
                    <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
                    {' · '}
                    <code>{entry.sku}</code>
                    {by && ` · by ${by}`}
                  </span>
                  {entry.reason && <span className="adm-history__detail">{entry.reason}</span>}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
