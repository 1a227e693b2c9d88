import type { PosConfig } from '@pl/contracts';
import { Button, buttonClass, Card, CardContent, CardHeader, CardTitle, Link } from '@pl/ui';
import type { TestConnection } from '../../../shared/utils/pos-settings-rules.js';
import { testAvailability } from '../../../shared/utils/pos-settings-rules.js';
import { Spinner } from '../../../shared/components/spinner.js';

interface Props {
  posConfig: PosConfig | undefined;
  test: TestConnection;
  refreshInventory: () => void;
  inventoryRefreshing: boolean;
}

/**
 * Shortcuts an admin reaches for often. Names avoid the words of the settings buttons ('Save',
 * 'Test', 'Sync from POS') so tests and screen-reader users find each of those exactly once.
 */
export function QuickActionsCard({ posConfig, test, refreshInventory, inventoryRefreshing }: Props) {
  // Checks the saved settings, whatever is being typed in the form.
  const check = testAvailability({ posUrl: posConfig?.posUrl ?? '', apiKey: '' }, posConfig, test.isPending);
  return (
    <Card className="adm-actions-card" role="region" aria-labelledby="adm-actions-title">
      <CardHeader>
        <CardTitle level={2} id="adm-actions-title">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="adm-actions">
        <Button variant="outline" block onClick={refreshInventory} disabled={inventoryRefreshing} aria-busy={inventoryRefreshing || undefined}>
          {inventoryRefreshing && <Spinner />}
          Refresh inventory
        </Button>
        <Button
          variant="outline"
          block
          onClick={() => test.mutate()}
          disabled={!check.enabled}
          aria-busy={test.isPending || undefined}
          title={posConfig?.configured ? undefined : 'Save the POS settings first'}
        >
          {test.isPending && <Spinner />}
          Check POS connection
        </Button>
        <Link to="/admin/orders" className={buttonClass({ variant: 'outline', block: true })}>
          Orders
        </Link>
        <Link to="/admin/intake" className={buttonClass({ variant: 'outline', block: true })}>
          Intake desk
        </Link>
        <Link to="/admin/manifests" className={buttonClass({ variant: 'outline', block: true })}>
          Manifests
        </Link>
        <Link to="/admin/markdowns" className={buttonClass({ variant: 'outline', block: true })}>
          Markdowns
        </Link>
        <Link to="/admin/audit" className={buttonClass({ variant: 'outline', block: true })}>
          Audit log
        </Link>
        <Link to="/admin/reports" className={buttonClass({ variant: 'outline', block: true })}>
          Reports
        </Link>
        <Link to="/products" className={buttonClass({ variant: 'outline', block: true })}>
          View storefront
        </Link>
        <Link to="/locations" className={buttonClass({ variant: 'outline', block: true })}>
          Store locations
        </Link>
      </CardContent>
    </Card>
  );
}
