import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OrderStatus, type Location } from '@pl/contracts';
import { Button, Checkbox, Input, Label, Select, type UseQueryResult } from '@pl/ui';
import { DayFilter } from '../../../shared/components/day-filter.js';
import { useShownFilters } from '../../../shared/components/use-shown-filters.js';
import { changeFilters, hasFilters, ORDER_SEARCH_MAX_LENGTH, orderSearchOf, type OrderFilters } from '../utils/order-filters.js';
import { ORDER_STATUS_OPTIONS } from '../utils/order-status.js';

interface Props {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  locations: UseQueryResult<Location[]>;
}

/**
 * The desk's filters. A choice applies at once; the search box waits for Enter or its button, so the
 * list does not jump while a name is typed. Everything it shows comes from `filters` (the URL), so
 * a count chosen above or the browser's Back updates it too.
 */
export function OrderFiltersForm({ filters, onChange, locations }: Props) {
  const statusRef = useRef<HTMLSelectElement>(null);
  const { shown, set, clear: clearAll } = useShownFilters(filters, onChange, changeFilters);

  const [text, setText] = useState(filters.q ?? '');
  useEffect(() => setText(filters.q ?? ''), [filters.q]);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: orderSearchOf(text) });
  };

  const clear = () => {
    clearAll();
    // The button goes away with the filters: keep the keyboard in the form.
    statusRef.current?.focus();
  };

  return (
    <div className="adm-order-filters">
      <form role="search" aria-label="Orders" className="adm-order-search" onSubmit={submitSearch}>
        <Label htmlFor="adm-orders-q">Search</Label>
        <div className="adm-order-search__row">
          <Input
            id="adm-orders-q"
            type="search"
            placeholder="Order number, e-mail or name"
            autoComplete="off"
            maxLength={ORDER_SEARCH_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
      </form>
      <fieldset className="adm-order-filter-grid">
        <legend className="pl-visually-hidden">Filters</legend>
        <div className="adm-order-filter">
          <Label htmlFor="adm-orders-status">Status</Label>
          <Select
            id="adm-orders-status"
            ref={statusRef}
            value={shown.status ?? ''}
            onChange={(e) => set({ status: OrderStatus.safeParse(e.target.value).data })}
          >
            <option value="">Any status</option>
            {ORDER_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="adm-order-filter">
          <Label htmlFor="adm-orders-fulfilment">Fulfilment</Label>
          <Select
            id="adm-orders-fulfilment"
            value={shown.fulfilment ?? ''}
            onChange={(e) => set({ fulfilment: e.target.value === 'pickup' || e.target.value === 'shipping' ? e.target.value : undefined })}
          >
            <option value="">Any</option>
            <option value="pickup">Pickup</option>
            <option value="shipping">Shipping</option>
          </Select>
        </div>
        {shown.fulfilment === 'pickup' && (
          <div className="adm-order-filter">
            <Label htmlFor="adm-orders-location">Pickup location</Label>
            <Select id="adm-orders-location" value={shown.locationId ?? ''} onChange={(e) => set({ locationId: e.target.value || undefined })}>
              <option value="">Any location</option>
              {/* A location from the link that the list does not know (yet) stays choosable. */}
              {shown.locationId && !locations.data?.some((l) => l.id === shown.locationId) && (
                <option value={shown.locationId}>{shown.locationId}</option>
              )}
              {locations.data?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <DayFilter id="adm-orders-from" label="Placed from" value={shown.from} max={shown.to} onChange={(from) => set({ from })} />
        <DayFilter id="adm-orders-to" label="Placed to" value={shown.to} min={shown.from} onChange={(to) => set({ to })} />
        <div className="adm-order-filter adm-order-filter--end">
          <Checkbox label="Overdue only" checked={shown.overdue ?? false} onChange={(e) => set({ overdue: e.target.checked })} />
        </div>
        {hasFilters(shown) && (
          <div className="adm-order-filter adm-order-filter--end">
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          </div>
        )}
      </fieldset>
    </div>
  );
}
