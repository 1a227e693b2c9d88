import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminInventoryEntry } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, ConditionBadge, formatPrice, Skeleton } from '@pl/ui';
import { PanelError } from './panel-error.js';

/** Real-time inventory per variant: the shell refetches it on every inventory.updated. */
export function InventoryPanel({ query }: { query: UseQueryResult<AdminInventoryEntry[]> }) {
  return (
    <Card className="adm-inventory">
      <CardHeader>
        <CardTitle>Real-Time Inventory</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton style={{ height: '10rem' }} />
        ) : query.isError ? (
          <PanelError what="inventory" error={query.error} />
        ) : query.data.length === 0 ? (
          <p className="pl-muted">No products yet. Sync from the POS to import them.</p>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Price</th>
                  <th scope="col" className="adm-num">On hand</th>
                  <th scope="col" className="adm-num">Reserved</th>
                  <th scope="col" className="adm-num">Available</th>
                </tr>
              </thead>
              <tbody>
                {query.data.flatMap((entry) =>
                  entry.variants.map((v) => (
                    <tr key={v.id} data-sku={v.sku}>
                      <td>
                        <span className="adm-product">{entry.product.title}</span> <ConditionBadge grade={entry.product.conditionGrade} />
                        {entry.product.oneOfAKind && (
                          <>
                            {' '}
                            <Badge variant="secondary" tone="purple">Unique</Badge>
                          </>
                        )}
                      </td>
                      <td>
                        <code>{v.sku}</code>
                      </td>
                      <td>{formatPrice(v.price)}</td>
                      <td className="adm-num">{v.totalOnHand}</td>
                      <td className="adm-num">{v.totalReserved}</td>
                      <td className="adm-num" data-available={v.totalAvailable}>
                        {v.totalAvailable}
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
