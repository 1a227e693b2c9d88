import { useState } from 'react';
import { Skeleton } from '@pl/ui';
import { usePosConfig } from '../features/pos-settings/api/get-pos-config.js';
import { useTestConnection } from '../features/pos-settings/api/test-connection.js';
import { EventInboxPanel } from '../features/event-inbox/components/event-inbox-panel.js';
import { PosSettingsCard } from '../features/pos-settings/components/pos-settings-card.js';
import { useAdminInventory } from '../features/dashboard/api/get-admin-inventory.js';
import { useIntakeCounts } from '../features/intake/api/get-intake-counts.js';
import { IntakeCountsCard } from '../features/intake/components/intake-counts-card.js';
import { useEvents } from '../shared/api/get-events.js';
import { useLocations } from '../shared/api/get-locations.js';
import { useSyncStatus } from '../shared/api/get-sync-status.js';
import { dashboardAccess } from '../shared/utils/dashboard-access.js';
import { AccessDenied, outcomeOf } from '../shared/components/admin-access.js';
import { InventoryPanel } from '../features/dashboard/components/inventory-panel.js';
import { QuickActionsCard } from '../features/dashboard/components/quick-actions-card.js';
import { RecentEventsPanel } from '../features/dashboard/components/recent-events-panel.js';
import { SyncStatusPanel } from '../features/dashboard/components/sync-status-panel.js';
import { useSyncRunAnnouncer } from '../features/dashboard/components/use-sync-run-announcer.js';

export function AdminDashboard() {
  const status = useSyncStatus();
  const events = useEvents();
  // The inventory search the server was last asked for (the panel debounces the typing).
  const [inventorySearch, setInventorySearch] = useState('');
  const inventory = useAdminInventory(inventorySearch);
  const posConfig = usePosConfig();
  const locations = useLocations();
  const test = useTestConnection();
  const intakeCounts = useIntakeCounts();
  const claimRun = useSyncRunAnnouncer(status.data);

  const access = dashboardAccess([status, events, inventory, posConfig].map(outcomeOf));
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the admin dashboard" />;

  return (
    <div className="pl-container pl-page adm-page">
      <h1 className="pl-page__title">Admin Dashboard</h1>
      <p className="pl-page__lead">Real-time inventory, point-of-sale sync and recent events.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the admin dashboard...</p>
          <Skeleton style={{ height: '14rem' }} />
          <Skeleton style={{ height: '20rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <div className="adm-top">
            <PosSettingsCard config={posConfig} test={test} syncStatus={status.data} claimRun={claimRun} />
            <SyncStatusPanel query={status} />
            <QuickActionsCard
              posConfig={posConfig.data}
              test={test}
              refreshInventory={() => void inventory.refetch()}
              inventoryRefreshing={inventory.isFetching}
            />
            <IntakeCountsCard counts={intakeCounts} />
          </div>
          {/* Events before the (long) inventory list: what just came in from the POS stays in view. */}
          <RecentEventsPanel query={events} />
          <EventInboxPanel />
          <InventoryPanel query={inventory} q={inventorySearch} onSearch={setInventorySearch} locations={locations} />
        </div>
      )}
    </div>
  );
}
