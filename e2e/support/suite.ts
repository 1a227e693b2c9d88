// One shop and one browser per test file: started before its tests, stopped after them.
import type { Browser } from 'playwright-core';
import { startShopAndBrowser, type TestShop, type TestShopOptions } from './shop.js';

export interface ShopInBrowser {
  readonly shop: TestShop;
  readonly browser: Browser;
}

export function useShopInBrowser(options: Pick<TestShopOptions, 'referencePos' | 'env'> = {}): ShopInBrowser {
  const ctx = {} as { shop: TestShop; browser: Browser };
  beforeAll(async () => {
    [ctx.shop, ctx.browser] = await startShopAndBrowser(options);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
  });
  return ctx;
}
