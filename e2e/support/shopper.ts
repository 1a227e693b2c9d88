// What many browser tests do the same way: the two widths every screen is checked at, the patience
// for a page that loads remotes, and a shopper adding a product from its page.
import type { Page } from 'playwright-core';
import type { Product } from '@pl/contracts';
import { TEST_CARD } from '../../scripts/shopper-flow.mjs';

/** Long enough for a cold page: the shell, the remotes' manifests and chunks, then the data. */
export const SLOW = { timeout: 20000 };

/** The card every test pays with (its expiry always ahead). */
export { TEST_CARD } from '../../scripts/shopper-flow.mjs';

/** Types a card into the checkout's payment step: the test card, or another number with its expiry and CVC. */
export async function fillCard(page: Page, cardNumber: string = TEST_CARD.cardNumber): Promise<void> {
  await page.getByLabel(/card number/i).fill(cardNumber);
  await page.getByLabel(/MM\/YY|expiry/i).fill(TEST_CARD.expiry);
  await page.getByLabel(/CVC/i).fill(TEST_CARD.cvc);
}

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/**
 * Opens the product's page, adds one with its 'Add to Cart' button and waits for the spec's toast.
 * It waits for the page's heading, not its load event: a test that holds back a chunk the layout
 * asks for early (the cart panel) would otherwise hold the load event, and goto with it.
 */
export async function addFromProductPage(page: Page, shopUrl: string, product: Pick<Product, 'id' | 'title'>): Promise<void> {
  await page.goto(`${shopUrl}/products/${product.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { name: product.title }).waitFor(SLOW);
  await page.locator('main').getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByText(`${product.title} has been added to your cart`).first().waitFor(SLOW);
}
