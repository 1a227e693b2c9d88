import { useLocations } from '../../../shared/api/get-locations.js';

/** The store list in the shell's footer: name and address of every location. */
export function FooterLocations() {
  const locations = useLocations();
  if (locations.isPending) {
    return (
      <ul className="cat-footer-locations" aria-busy="true">
        <li className="pl-skeleton" style={{ height: '2.5rem', opacity: 0.25 }} />
        <li className="pl-skeleton" style={{ height: '2.5rem', opacity: 0.25 }} />
      </ul>
    );
  }
  if (locations.isError) return <p className="cat-footer-locations__note">Store locations are unavailable right now.</p>;
  return (
    <ul className="cat-footer-locations">
      {locations.data.map((l) => (
        <li key={l.id}>
          <strong>{l.name}</strong>
          <span>
            {l.address}, {l.city}, {l.state} {l.zipCode}
          </span>
        </li>
      ))}
    </ul>
  );
}
