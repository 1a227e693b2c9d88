import { useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminInventoryEntry, Location } from '@pl/contracts';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, ConditionBadge, formatPrice, Input, Label, Skeleton } from '@pl/ui';
import { filterRows, inventoryRows, inventoryTotals, levelAt, locationColumns, type InventoryRow, type LocationColumn } from '../utils/inventory-table.js';
import { PanelError } from './panel-error.js';

interface Props {
  query: UseQueryResult<AdminInventoryEntry[]>;
  locations: UseQueryResult<Location[]>;
}

/**
 * Real-time inventory per variant, with the stock at every location. Its query key is
 * ApiPaths.catalog.adminInventory, which the shell invalidates on every `inventory.updated` from
 * the websocket and after a reconnect (shell/src/realtime/live-queries.ts), so it needs no listener of its own.
 */
export function InventoryPanel({ query, locations }: Props) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => (query.data ? inventoryRows(query.data) : []), [query.data]);
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  // Named once GET /api/locations has answered; if it failed, columns are headed by location id.
  const columns = useMemo(() => (query.data ? locationColumns(query.data, locations.data) : []), [query.data, locations.data]);
  const totals = inventoryTotals(shown);

  return (
    <Card className="adm-inventory" role="region" aria-labelledby="adm-inventory-title">
      <CardHeader className="adm-card-head">
        <div>
          <CardTitle id="adm-inventory-title">Real-Time Inventory</CardTitle>
          <CardDescription>Every variant's stock, updated live as it changes.</CardDescription>
        </div>
        {rows.length > 0 && (
          <div className="adm-filter">
            <Label htmlFor="adm-inventory-filter" className="pl-visually-hidden">
              Filter inventory
            </Label>
            <Input
              id="adm-inventory-filter"
              type="search"
              placeholder="Filter by title or SKU"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
        )}
      </CardHeader>
      <CardContent>
        {query.isPending || locations.isPending ? (
          <Skeleton style={{ height: '10rem' }} />
        ) : query.isError ? (
          <PanelError what="inventory" error={query.error} />
        ) : rows.length === 0 ? (
          <p className="pl-muted">No products yet. Sync from the POS to import them.</p>
        ) : (
          <>
            <dl className="adm-totals">
              <Total label="Variants" value={totals.variants} />
              <Total label="On hand" value={totals.onHand} />
              <Total label="Reserved" value={totals.reserved} />
              <Total label="Available" value={totals.available} />
            </dl>
            {shown.length === 0 ? (
              <p className="pl-muted" role="status">
                No variants match “{filter.trim()}”.
              </p>
            ) : (
              <InventoryTable rows={shown} columns={columns} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="adm-total">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function InventoryTable({ rows, columns }: { rows: InventoryRow[]; columns: LocationColumn[] }) {
  // Focusable so keyboard users can scroll the wide table sideways.
  return (
    <div className="adm-table-wrap" tabIndex={0}>
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col">Grade</th>
            <th scope="col" className="adm-num">
              Price
            </th>
            <th scope="col" className="adm-num">
              On hand
            </th>
            <th scope="col" className="adm-num">
              Reserved
            </th>
            <th scope="col" className="adm-num">
              Available
            </th>
            {columns.map((c) => (
              <th key={c.id} scope="col" className="adm-num adm-location-col" data-location-id={c.id}>
                {c.name}
                <span className="adm-th-sub">on hand / reserved</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ product, variant: v }) => (
            <tr key={v.id} data-sku={v.sku}>
              <td>
                <span className="adm-product">{product.title}</span>
                {product.oneOfAKind && (
                  <>
                    {' '}
                    <Badge variant="secondary" tone="purple">
                      Unique
                    </Badge>
                  </>
                )}
              </td>
              <td>
                <code>{v.sku}</code>
              </td>
              <td>
                <ConditionBadge grade={product.conditionGrade} />
              </td>
              <td className="adm-num">{formatPrice(v.price)}</td>
              <td className="adm-num">{v.totalOnHand}</td>
              <td className="adm-num">{v.totalReserved}</td>
              <td className={v.totalAvailable === 0 ? 'adm-num adm-num--out' : 'adm-num'} data-available={v.totalAvailable}>
                {v.totalAvailable}
              </td>
              {columns.map((c) => {
                const level = levelAt(v, c.id);
                return (
                  <td
                    key={c.id}
                    className="adm-num adm-location-cell"
                    data-location-onhand={c.id}
                    data-onhand={level?.onHand ?? 0}
                    data-reserved={level?.reserved ?? 0}
                    title={level ? `${c.name}: ${level.onHand} on hand, ${level.reserved} reserved` : `${c.name}: no stock recorded`}
                  >
                    {level ? (
                      <>
                        {level.onHand}
                        <span className="adm-cell-sub"> / {level.reserved}</span>
                      </>
                    ) : (
                      <span className="adm-cell-none">–</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
