import { Link } from 'react-router-dom';
import { errorStatus } from '@pl/ui';
import { useAdminInventory } from '../api/get-admin-inventory.js';
import { useEvents } from '../api/get-events.js';
import { useSyncStatus } from '../api/get-sync-status.js';
import { InventoryPanel } from './inventory-panel.js';
import { RecentEventsPanel } from './recent-events-panel.js';
import { SyncStatusPanel } from './sync-status-panel.js';

export function AdminDashboard() {
  const status = useSyncStatus();
  const events = useEvents();
  const inventory = useAdminInventory();

  // The gateway and the services decide who is an admin; the page only reports their answer.
  const denied = [status.error, events.error, inventory.error].map(errorStatus).find((s) => s === 401 || s === 403);
  if (denied) return <AccessDenied signedIn={denied === 403} />;

  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Admin Dashboard</h1>
      <p className="pl-page__lead">Real-time inventory, point-of-sale sync and recent events.</p>
      <div className="adm-grid">
        <SyncStatusPanel query={status} />
        <RecentEventsPanel query={events} />
      </div>
      <InventoryPanel query={inventory} />
    </div>
  );
}

function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="pl-container pl-page adm-denied" role="alert">
      <h1 className="pl-page__title">Access denied</h1>
      <p className="pl-page__lead">
        {signedIn
          ? 'Your account does not have access to the admin dashboard.'
          : 'Please sign in with an administrator account to view the admin dashboard.'}
      </p>
      <Link to="/">Back to the shop</Link>
    </div>
  );
}
