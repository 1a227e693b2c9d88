import type { AdminOrderCounts, Location } from '@pl/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, type UseQueryResult } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { countChips } from '../utils/order-counts.js';
import { sameFilters, type OrderFilters } from '../utils/order-filters.js';

interface Props {
  counts: UseQueryResult<AdminOrderCounts>;
  locations: readonly Location[] | undefined;
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
}

/** The work waiting, per store and for shipping, from GET /api/admin/orders/counts; each count lists its orders. */
export function OrderCountsCard({ counts, locations, filters, onApply }: Props) {
  const chips = counts.data ? countChips(counts.data, locations, filters) : [];
  return (
    <Card className="adm-counts-card" role="region" aria-labelledby="adm-counts-title">
      <CardHeader>
        <CardTitle level={2} id="adm-counts-title">
          Open orders
        </CardTitle>
        <CardDescription>Choose a count to list its orders.</CardDescription>
      </CardHeader>
      <CardContent>
        {counts.isPending ? (
          <Skeleton style={{ height: '2.5rem' }} />
        ) : counts.isError && !counts.data ? (
          <PanelError what="the order counts" error={counts.error} />
        ) : chips.length === 0 ? (
          <p className="pl-muted adm-counts-none">No open orders: every order is collected, delivered or closed.</p>
        ) : (
          <ul className="adm-chips">
            {chips.map((chip) => {
              const current = sameFilters(chip.filters, filters);
              return (
                <li key={chip.key}>
                  <Button
                    variant={current ? 'secondary' : 'outline'}
                    className="adm-chip"
                    aria-current={current || undefined}
                    data-count-chip={chip.key}
                    onClick={() => onApply(chip.filters)}
                  >
                    {chip.label}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
