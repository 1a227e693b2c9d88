import { ApiPaths, CrawlerPaths, ownerOf } from './http.js';

describe('ownerOf (the gateway routing table)', () => {
  it('sends the order lookup to identity and every other order path to the cart', () => {
    expect(ownerOf(ApiPaths.cart.orderLookup)).toBe('identity');
    expect(ownerOf(ApiPaths.cart.orders)).toBe('cart');
    expect(ownerOf(ApiPaths.cart.order('lookup-x'))).toBe('cart');
    expect(ownerOf(ApiPaths.cart.orderReturns('0b7f4a0e-6d39-4c7e-9b1a-2f0e8f1f6b11'))).toBe('cart');
    expect(ownerOf('/api/orders/lookupx')).toBe('cart');
  });

  it('sends the order desk to the cart and the rest of /api/admin to pos-sync', () => {
    expect(ownerOf('/api/admin/orders/abc/cancel')).toBe('cart');
    expect(ownerOf('/api/admin/inventory')).toBe('catalog');
    expect(ownerOf('/api/admin/sync/status')).toBe('pos-sync');
    expect(ownerOf('/api/nothing')).toBeUndefined();
  });

  it('sends each report to the service that owns its data', () => {
    expect(ownerOf(ApiPaths.cart.salesReport)).toBe('cart');
    expect(ownerOf(ApiPaths.cart.ordersExport)).toBe('cart');
    expect(ownerOf(ApiPaths.catalog.sellThroughReport)).toBe('catalog');
    expect(ownerOf(ApiPaths.catalog.inventoryValueReport)).toBe('catalog');
    expect(ownerOf(ApiPaths.catalog.markdownSavingsReport)).toBe('catalog');
    expect(ownerOf(ApiPaths.catalog.inventoryExport)).toBe('catalog');
  });

  it("sends the crawlers' documents to the catalog and keeps robots.txt and look-alike pages out of every service", () => {
    expect(ownerOf(CrawlerPaths.sitemapIndex)).toBe('catalog');
    expect(ownerOf(CrawlerPaths.sitemap('products-2'))).toBe('catalog');
    expect(ownerOf(CrawlerPaths.merchantFeed)).toBe('catalog');
    expect(ownerOf(CrawlerPaths.robots)).toBeUndefined();
    expect(ownerOf('/sitemaps-and-more')).toBeUndefined();
    expect(ownerOf('/feedsx')).toBeUndefined();
  });
});
