// After the payment, as the customer and the store live it, in real Chromium against the whole shop:
// a guest pays for a pickup, the admin marks it ready at the order desk and the customer's open order
// page moves on by itself, the ready mail is in the mailbox and its link opens the order in another
// browser; then picked up (ID checked). A shipped
// order gets its carrier and tracking number, then delivered. Screenshots under VISUAL_SHOTS_DIR.
import { axeViolations, blocking } from '../support/axe.js';
import { currentStep, orderFlows, shot } from '../support/orders.js';
import { SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const { newPage, guestBuys, adminPage, openAtDesk, waitForMail } = orderFlows(ctx);

describe('after the payment', () => {
  for (const w of WIDTHS) {
    it(`a pickup: confirmed by mail, marked ready at the desk, the customer's open page moves on live, then picked up (${w.name})`, async () => {
      const customer = await newPage(w);
      const email = `pickup.${Date.now().toString(36)}.${w.name}@example.com`;
      const number = await guestBuys(customer, email, 'pickup');
      expect(await currentStep(customer)).toBe('paid');
      await customer.getByText(/ready for pickup within 24 hours/).waitFor();
      const confirmation = await waitForMail(email, new RegExp(`^Order ${number} confirmed$`));
      expect(confirmation.text).toContain('Bring a valid ID and your order confirmation.');

      const admin = await adminPage(w);
      await openAtDesk(admin, number);
      expect(blocking(await axeViolations(admin))).toEqual([]);
      await shot(admin, 'admin-order-paid');
      await admin.getByRole('button', { name: 'Mark ready for pickup' }).click();
      await admin.getByText('Marked ready for pickup').first().waitFor(SLOW);

      // No reload on the customer's side: the websocket carried it to this browser.
      await customer.locator('main [aria-current="step"][data-step="ready_for_pickup"]').waitFor(SLOW);
      await customer.getByText('Your order is ready for pickup. Bring a valid ID and your order confirmation.').waitFor();
      await shot(customer, 'order-ready');
      const ready = await waitForMail(email, new RegExp(`^Your order ${number} is ready for pickup$`));
      expect(ready.links[0]).toMatch(/\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}$/);
      // The mailed link opens the order in a browser that never saw the shop (a guest's other device).
      const elsewhere = await newPage(w);
      await elsewhere.goto(ready.links[0]!);
      await elsewhere.locator('main [aria-current="step"][data-step="ready_for_pickup"]').waitFor(SLOW);
      expect((await elsewhere.locator('main [data-order-number]').innerText()).trim()).toBe(number);

      const pickedUp = admin.getByRole('button', { name: 'Mark picked up' });
      expect(await pickedUp.isDisabled()).toBe(true);
      await admin.getByLabel('I checked the ID of the person collecting').check();
      await pickedUp.click();
      await customer.locator('main [aria-current="step"][data-step="picked_up"]').waitFor(SLOW);
      await admin.getByText(/Picked up/).first().waitFor();
      expect(await admin.getByText(/by admin/).count()).toBe(2);
      await shot(admin, 'admin-order-picked-up');
    }, 120_000);
  }

  it('a shipped order: carrier and tracking number reach the customer live and by mail, then delivered', async () => {
    const customer = await newPage();
    const email = `ship.${Date.now().toString(36)}@example.com`;
    const number = await guestBuys(customer, email, 'shipping');
    await customer.getByText(/1-2 business days/).waitFor();

    const admin = await adminPage();
    await openAtDesk(admin, number);
    await admin.getByLabel('Carrier').fill('UPS');
    await admin.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await admin.getByRole('button', { name: 'Mark shipped' }).click();

    await customer.getByText('On its way with UPS, tracking number 1Z999AA10123456784.').waitFor(SLOW);
    expect(await currentStep(customer)).toBe('shipped');
    const shipped = await waitForMail(email, new RegExp(`^Your order ${number} has shipped$`));
    expect(shipped.text).toContain('tracking number 1Z999AA10123456784');

    await admin.getByRole('button', { name: 'Mark delivered' }).click();
    await customer.locator('main [aria-current="step"][data-step="delivered"]').waitFor(SLOW);
    await customer.getByText(/Returns are accepted within 7 days of delivery/).waitFor();
    expect(blocking(await axeViolations(customer))).toEqual([]);
  }, 120_000);

  it("the order desk counts and filters what is to prepare, and refuses a customer", async () => {
    const admin = await adminPage();
    await admin.goto(`${ctx.shop.url}/admin/orders`);
    await admin.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(SLOW);
    await admin.getByText(/Showing \d+ of \d+/).waitFor(SLOW);
    expect(blocking(await axeViolations(admin))).toEqual([]);
    await shot(admin, 'order-desk');

    const shopper = await newPage();
    await shopper.goto(`${ctx.shop.url}/about`);
    await shopper.evaluate(
      async () => (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: 'shopper', password: 'shopper12345' }) })).status,
    );
    await shopper.goto(`${ctx.shop.url}/admin/orders`);
    await shopper.getByText(/access denied/i).first().waitFor(SLOW);
  }, 60_000);
});
