import type { Location } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { useLocations } from '../api/get-locations.js';
import { LoadError } from '../../products/components/load-error.js';

export function LocationsPage() {
  const locations = useLocations();
  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Store Locations</h1>
      <p className="pl-page__lead">Visit a store to shop in person or pick up your online order for free.</p>
      {locations.isPending ? (
        <div className="cat-locations" aria-busy="true" aria-label="Loading locations">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} data-skeleton-card="">
              <CardContent className="cat-location">
                <Skeleton style={{ height: '1.5rem', width: '60%' }} />
                <Skeleton style={{ height: '1rem', width: '80%', marginTop: '1rem' }} />
                <Skeleton style={{ height: '1rem', width: '50%', marginTop: '0.5rem' }} />
                <Skeleton style={{ height: '4rem', marginTop: '1rem' }} />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : locations.isError ? (
        <LoadError what="store locations" error={locations.error} onRetry={() => void locations.refetch()} />
      ) : locations.data.length === 0 ? (
        <p className="cat-empty">No store locations are listed yet.</p>
      ) : (
        <div className="cat-locations">
          {locations.data.map((l) => (
            <LocationCard key={l.id} location={l} />
          ))}
        </div>
      )}

      <section className="cat-section cat-pickup" aria-labelledby="pickup-heading">
        <h2 id="pickup-heading" className="cat-section__title">
          Pickup services
        </h2>
        <ul className="cat-reasons">
          <li className="cat-reason">
            <h3>Free in-store pickup</h3>
            <p className="pl-muted">Choose pickup at checkout and collect your order at no extra cost, usually within 24 hours.</p>
          </li>
          <li className="cat-reason">
            <h3>Bring your ID</h3>
            <p className="pl-muted">Show a valid ID and your order confirmation when you collect.</p>
          </li>
          <li className="cat-reason">
            <h3>See it before you buy</h3>
            <p className="pl-muted">Every store has a test area, so you can check an item's condition for yourself.</p>
          </li>
        </ul>
      </section>
    </div>
  );
}

function LocationCard({ location: l }: { location: Location }) {
  return (
    <Card data-location-id={l.id}>
      <CardHeader>
        <div className="cat-location__head">
          <CardTitle>{l.name}</CardTitle>
          <Badge variant={l.type === 'WAREHOUSE' ? 'secondary' : 'outline'}>{l.type}</Badge>
        </div>
      </CardHeader>
      <CardContent className="cat-location">
        <address>
          {l.address}
          <br />
          {l.city}, {l.state} {l.zipCode}
        </address>
        <dl className="cat-location__details">
          {l.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${l.phone}`}>{l.phone}</a>
              </dd>
            </>
          )}
          {l.email && (
            <>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${l.email}`}>{l.email}</a>
              </dd>
            </>
          )}
          {l.hours && (
            <>
              <dt>Hours</dt>
              <dd>{l.hours}</dd>
            </>
          )}
        </dl>
        {l.notes && <p className="pl-muted cat-location__notes">{l.notes}</p>}
      </CardContent>
    </Card>
  );
}
