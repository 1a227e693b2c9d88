import type { InventoryLevel, Location } from '@pl/contracts';
import { Badge, Skeleton } from '@pl/ui';
import { useLocations } from '../../../shared/api/get-locations.js';
import { levelAvailable, variantAvailable } from '../utils/availability.js';

/**
 * Where the chosen variant can be picked up: every location with how many are available there
 * (Σ max(0, onHand − reserved) per location). Names come from GET /api/locations; if that call
 * fails the counts are still shown, under a plain label.
 */
export function PickupAvailability({ levels }: { levels: readonly InventoryLevel[] }) {
  const locations = useLocations();
  const availableAt = (locationId: string) => variantAvailable(levels.filter((l) => l.locationId === locationId));

  let rows: Array<{ id: string; location?: Location; available: number }>;
  if (locations.data) {
    rows = locations.data.map((location) => ({ id: location.id, location, available: availableAt(location.id) }));
    // Stock at a location the list does not know (just added) still counts.
    for (const level of levels) {
      if (!rows.some((r) => r.id === level.locationId)) rows.push({ id: level.locationId, available: levelAvailable(level) });
    }
  } else {
    rows = [...new Set(levels.map((l) => l.locationId))].map((id) => ({ id, available: availableAt(id) }));
  }

  return (
    <section className="cat-pickup-list" aria-labelledby="pickup-availability-heading">
      <h2 id="pickup-availability-heading" className="cat-detail__subheading">
        Availability by location
      </h2>
      {locations.isPending ? (
        <div aria-busy="true">
          {/* Sized by class, not style: this part is in the page's first HTML, whose CSP allows no style attributes (decision 076). */}
          <Skeleton className="cat-pickup-list__skeleton" />
          <Skeleton className="cat-pickup-list__skeleton cat-pickup-list__skeleton--short" />
        </div>
      ) : rows.length === 0 ? (
        <p className="pl-muted">Not stocked at any location right now.</p>
      ) : (
        <ul className="cat-pickup-list__rows">
          {rows.map((row) => (
            <li key={row.id} data-location-id={row.id} data-available={row.available}>
              <span className="cat-pickup-list__name">
                {row.location ? row.location.name : 'Other location'}
                {row.location && <span className="pl-muted"> · {row.location.city}, {row.location.state}</span>}
                {row.location?.type === 'WAREHOUSE' && (
                  <Badge variant="outline" className="cat-pickup-list__type">
                    Warehouse
                  </Badge>
                )}
              </span>
              <span className={row.available > 0 ? 'cat-pickup-list__count cat-pickup-list__count--on' : 'cat-pickup-list__count'}>
                {row.available > 0 ? `${row.available} available` : 'Not available'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="pl-muted cat-pickup-list__note">Pickup is free and usually ready within 24 hours. Bring a valid ID and your order confirmation.</p>
    </section>
  );
}
