import type { AdminOrder, Location } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, ConditionBadge, formatPrice, Totals } from '@pl/ui';
import { lineReturnText, takenFromText } from '../utils/order-text.js';

/** What was bought (with each line's return under it), where each line's units were taken from, and the totals charged. */
export function OrderLinesCard({ order, locations }: { order: AdminOrder; locations: readonly Location[] | undefined }) {
  return (
    <Card className="adm-order-lines" role="region" aria-labelledby="adm-order-lines-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-lines-title">
          Items
        </CardTitle>
      </CardHeader>
      <CardContent>
        {/* Focusable so keyboard users can scroll the table sideways on a phone. */}
        <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="Items table">
          <table className="adm-table adm-lines-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">SKU</th>
                <th scope="col">Grade</th>
                <th scope="col" className="adm-num">
                  Qty
                </th>
                <th scope="col" className="adm-num">
                  Price
                </th>
                <th scope="col" className="adm-num">
                  Subtotal
                </th>
                <th scope="col">Taken from</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, i) => (
                <tr key={`${line.sku}-${i}`} data-order-line={line.sku}>
                  <th scope="row">
                    {line.title}
                    <LineReturn line={line} />
                  </th>
                  <td>
                    <code>{line.sku}</code>
                  </td>
                  <td>
                    <ConditionBadge grade={line.conditionGrade} />
                  </td>
                  <td className="adm-num">{line.qty}</td>
                  <td className="adm-num">{formatPrice(line.price)}</td>
                  <td className="adm-num">{formatPrice(line.subtotal)}</td>
                  <td data-taken-from>{takenFromText(line.sku, order.allocations, locations) ?? <span className="adm-cell-none">Not known yet</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Totals className="adm-order-totals" subtotal={order.subtotal} shipping={order.shipping} tax={order.tax} total={order.total} />
      </CardContent>
    </Card>
  );
}

/** Under the item: final sale (never returnable), or the line's return with the customer's reason and its refund. */
function LineReturn({ line }: { line: AdminOrder['lines'][number] }) {
  if (!line.finalSale && !line.return) return null;
  return (
    <span className="adm-line-return">
      {line.finalSale && (
        <Badge variant="outline" data-final-sale="">
          Final sale
        </Badge>
      )}
      {line.return && (
        <span data-line-return-status={line.return.status}>
          {lineReturnText(line.return)}
          <span className="adm-cell-sub"> · refund {formatPrice(line.return.refund)}</span>
        </span>
      )}
    </span>
  );
}
