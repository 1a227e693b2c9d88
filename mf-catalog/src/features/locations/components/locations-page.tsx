import type { Location } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { useLocations } from '../../../shared/api/get-locations.js';
import { LoadError } from '../../../shared/components/load-error.js';

export function LocationsPage() {
  const locations = useLocations();
  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Store Locations</h1>
      <p className="pl-page__lead">Visit a store to shop in person, or pick up your online order for free.</p>
      {locations.isPending ? (
        <div className="cat-locations" aria-busy="true" role="status" aria-label="Loading locations">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} data-skeleton-card="">
              <CardHeader>
                <div className="cat-location__head">
                  <Skeleton style={{ height: '1.5rem', width: '60%' }} />
                  <Skeleton style={{ height: '1.5rem', width: '5rem' }} />
                </div>
              </CardHeader>
              <CardContent className="cat-location">
                <Skeleton style={{ height: '1.25rem', width: '80%' }} />
                <Skeleton style={{ height: '1.25rem', width: '50%', marginTop: '0.25rem', marginBottom: '0.75rem' }} />
                <Skeleton style={{ height: '4.5rem' }} />
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

      <div className="cat-info-columns">
        <section className="cat-section" aria-labelledby="pickup-heading">
          <h2 id="pickup-heading" className="cat-section__title">
            Pickup Services
          </h2>
          <ul className="cat-reasons cat-reasons--stacked">
            <li className="cat-reason">
              <h3>Free in-store pickup</h3>
              <p className="pl-muted">Choose pickup at checkout and collect your order at no extra cost, usually ready within 24 hours.</p>
            </li>
            <li className="cat-reason">
              <h3>Bring your ID</h3>
              <p className="pl-muted">Show a valid ID and your order confirmation when you collect.</p>
            </li>
            <li className="cat-reason">
              <h3>Held for you</h3>
              <p className="pl-muted">One-of-a-kind items are reserved for 10 minutes once they are in your cart, so nobody else can buy them while you check out.</p>
            </li>
          </ul>
        </section>
        <section className="cat-section" aria-labelledby="features-heading">
          <h2 id="features-heading" className="cat-section__title">
            Store Features
          </h2>
          <ul className="cat-reasons cat-reasons--stacked">
            <li className="cat-reason">
              <h3>Inspected and graded stock</h3>
              <p className="pl-muted">Every item on our shelves has been tested and carries an honest condition grade and notes.</p>
            </li>
            <li className="cat-reason">
              <h3>Live inventory</h3>
              <p className="pl-muted">Stock online and in store is the same stock, updated in real time, so what you see is what is on the shelf.</p>
            </li>
            <li className="cat-reason">
              <h3>Friendly, knowledgeable staff</h3>
              <p className="pl-muted">Ask our team about an item's condition, compatibility or returns before you buy.</p>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}

function LocationCard({ location: l }: { location: Location }) {
  return (
    <Card data-location-id={l.id} className="cat-location-card">
      <CardHeader>
        <div className="cat-location__head">
          <CardTitle level={2}>{l.name}</CardTitle>
          <Badge variant={l.type === 'WAREHOUSE' ? 'secondary' : 'outline'} tone={l.type === 'WAREHOUSE' ? 'blue' : undefined} data-location-type={l.type}>
            {l.type}
          </Badge>
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
