import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Location } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConditionBadge, cx, formatPrice, Input, Label, Skeleton, type UseQueryResult } from '@pl/ui';
import type { AdminInventoryResult } from '../api/get-admin-inventory.js';
import {
  emptyInventoryText,
  INVENTORY_SEARCH_DEBOUNCE_MS,
  INVENTORY_SEARCH_MAX_LENGTH,
  inventorySearchOf,
  loadedEntries,
  matchingTotal,
  showingText,
} from '../utils/inventory-pages.js';
import { inventoryRows, inventoryTotals, levelAt, locationColumns, type InventoryRow, type LocationColumn } from '../utils/inventory-table.js';
import { PanelError } from '../../../shared/components/panel-error.js';
import { Spinner } from '../../../shared/components/spinner.js';

interface Props {
  query: AdminInventoryResult;
  /** The search the server was asked for; the dashboard owns it because the access check reads this query too. */
  q: string;
  onSearch: (q: string) => void;
  locations: UseQueryResult<Location[]>;
}

/**
 * Real-time inventory per variant, with the stock at every location, one page of products at a
 * time ('Show more'); the search box asks the server (title, brand or SKU) once typing pauses.
 * useAdminInventory keeps it live (refetched after inventory.updated and after a reconnect), so it
 * needs no listener of its own; a refetch reloads every page shown.
 */
export function InventoryPanel({ query, q, onSearch, locations }: Props) {
  const [text, setText] = useState(q);
  const typed = inventorySearchOf(text);
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => onSearch(typed), INVENTORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, onSearch]);

  const pages = query.data?.pages;
  const entries = useMemo(() => loadedEntries(pages ?? []), [pages]);
  const rows = useMemo(() => inventoryRows(entries), [entries]);
  // Named once GET /api/locations has answered; if it failed, columns are headed by location id.
  const columns = useMemo(() => locationColumns(entries, locations.data), [entries, locations.data]);
  const total = matchingTotal(pages ?? [], entries.length);
  const totals = inventoryTotals(rows);
  // What is on screen is not yet the answer for the typed text (the previous search's, kept meanwhile).
  const searching = typed !== q || query.isPlaceholderData;

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };

  return (
    <Card className="adm-inventory" role="region" aria-labelledby="adm-inventory-title">
      <CardHeader className="adm-card-head">
        <div>
          <CardTitle level={2} id="adm-inventory-title">Real-Time Inventory</CardTitle>
          <CardDescription>Every variant's stock, updated live as it changes.</CardDescription>
        </div>
        {(entries.length > 0 || q !== '' || text !== '') && (
          <form role="search" aria-label="Inventory" className="adm-filter" onSubmit={submitSearch}>
            <Label htmlFor="adm-inventory-search" className="pl-visually-hidden">
              Search inventory
            </Label>
            <Input
              id="adm-inventory-search"
              type="search"
              placeholder="Search by title, brand or SKU"
              autoComplete="off"
              maxLength={INVENTORY_SEARCH_MAX_LENGTH}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </form>
        )}
      </CardHeader>
      <CardContent aria-busy={searching || undefined}>
        {query.isPending || locations.isPending ? (
          <Skeleton style={{ height: '10rem' }} />
        ) : query.isError ? (
          <PanelError what="inventory" error={query.error} />
        ) : entries.length === 0 ? (
          <p className="pl-muted" role="status">
            {searching ? 'Searching...' : emptyInventoryText(q)}
          </p>
        ) : (
          <>
            <p className="adm-inventory-count" aria-live="polite">
              {showingText(entries.length, total)}
            </p>
            <dl className="adm-totals" aria-label="Totals of the products shown">
              <Total label="Variants" value={totals.variants} />
              <Total label="On hand" value={totals.onHand} />
              <Total label="Reserved" value={totals.reserved} />
              <Total label="Available" value={totals.available} />
            </dl>
            <InventoryTable rows={rows} columns={columns} stale={searching} />
            {query.hasNextPage && !query.isPlaceholderData && (
              <div className="adm-more">
                <Button
                  variant="outline"
                  // Never cancels a live refetch under way (it would drop the stock it brings): the button waits for it.
                  onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
                  disabled={query.isFetching}
                  aria-busy={query.isFetchingNextPage || undefined}
                >
                  {query.isFetchingNextPage && <Spinner />}
                  Show more
                </Button>
              </div>
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

function InventoryTable({ rows, columns, stale }: { rows: InventoryRow[]; columns: LocationColumn[]; stale: boolean }) {
  // Focusable so keyboard users can scroll the wide table sideways.
  return (
    <div className={cx('adm-table-wrap', stale && 'adm-table-wrap--stale')} tabIndex={0}>
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
          {rows.map(({ product, variant: v, draft }) => (
            <tr key={v.id} data-sku={v.sku}>
              <td>
                <span className="adm-product">{product.title}</span>
                {draft && (
                  <>
                    {' '}
                    <Badge variant="secondary" tone="orange" data-draft>
                      Draft — not shown to shoppers
                    </Badge>
                  </>
                )}
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
