// The owner's reports behind the real gateway and identity, with the real cart and catalog services
// behind it: /api/admin/reports/sales and orders.csv reach the cart, the rest of /api/admin/reports
// the catalog (not pos-sync), and a guest gets 401, a customer 403, an admin the service's answer
// (refused by the gateway first, and by each service itself: services/*/test/reports.test.ts).
import { ApiPaths, InventoryValueReport, MarkdownSavingsReport, SalesPerDayReport, SellThroughReport } from '@pl/contracts';
import { createTokenVerifier, type TokenVerifier } from '@pl/service-kit';
import { startCartWithCatalog, type CartTestApp } from '../../services/cart/test/cart-test-app';
import { adminMatrix } from './support/admin-matrix';
import { startAuthStack, type AuthStack } from './support/auth-stack';

describe('report routes through the gateway', () => {
  let app: CartTestApp;
  let stack: AuthStack;

  beforeAll(async () => {
    // Both services must trust the gateway's signing key, which exists only once the gateway has started.
    let gatewayKeys: TokenVerifier | undefined;
    const verifier = { verify: (token: string) => gatewayKeys!.verify(token) };
    app = await startCartWithCatalog({}, { verifier, catalogVerifier: verifier });
    stack = await startAuthStack({ gatewayEnv: { CART_URL: app.cart.url, CATALOG_URL: app.catalog.url } });
    gatewayKeys = createTokenVerifier({ keySet: { keys: [stack.keys.publicJwk] } });
  });
  afterAll(async () => {
    await stack?.stop();
    await app?.stop();
  });

  const range = '?from=2026-03-01&to=2026-03-02&timeZone=America%2FNew_York';

  it('reaches the cart for sales and the orders file, admins only', async () => {
    const sales = await adminMatrix(stack.url, `${ApiPaths.cart.salesReport}${range}`);
    expect(SalesPerDayReport.parse(await sales.admin.json()).days.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02']);
    const file = await adminMatrix(stack.url, `${ApiPaths.cart.ordersExport}${range}`);
    expect(file.admin.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-03-01-to-2026-03-02.csv"');
  });

  it('reaches the catalog for the stock reports and the inventory file, admins only', async () => {
    SellThroughReport.parse(await (await adminMatrix(stack.url, `${ApiPaths.catalog.sellThroughReport}${range}`)).admin.json());
    MarkdownSavingsReport.parse(await (await adminMatrix(stack.url, `${ApiPaths.catalog.markdownSavingsReport}${range}`)).admin.json());
    InventoryValueReport.parse(await (await adminMatrix(stack.url, ApiPaths.catalog.inventoryValueReport)).admin.json());
    const file = await adminMatrix(stack.url, ApiPaths.catalog.inventoryExport);
    expect(file.admin.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-[\d-]+\.csv"$/);
  });

  it('answers a bad range with the service\'s 400', async () => {
    const refused = await adminMatrix(stack.url, `${ApiPaths.cart.salesReport}?from=2026-03-02&to=2026-03-01`, 'GET', { adminStatus: 400 });
    expect((await refused.admin.json()).message).toBe('from: from must not be after to');
  });
});
