import { pageTitleOf } from './page-info.js';
import { listPageTitle } from './catalog-values.js';
import { documentTitleOf, RemotePages, SHOP_NAME } from './remotes.js';

describe('page titles', () => {
  it('has a title declared by its team for every page a remote answers, each one different', () => {
    const titles = RemotePages.map(({ id }) => pageTitleOf(id));
    expect(titles.every((t) => t !== undefined && t.trim().length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(pageTitleOf('mf_cart_checkout/CheckoutPage')).toBe('Checkout');
    expect(pageTitleOf('mf_admin/AuditLogPage')).toBe('Audit log – Admin');
    expect(pageTitleOf('mf_cart_checkout/CartButton')).toBeUndefined();
  });

  it("ends every document title with the shop's name, and is the name alone without a page title", () => {
    expect(documentTitleOf('Order PL-100004')).toBe(`Order PL-100004 | ${SHOP_NAME}`);
    expect(documentTitleOf(undefined)).toBe('Professional Liquidation');
  });
});

describe('list page titles', () => {
  it('names the list, the search and how many match, with separators and no Intl', () => {
    expect(listPageTitle('Electronics', '', 42)).toBe('Electronics – 42 items');
    expect(listPageTitle('All products', 'drill', 1)).toBe('All products – “drill” – 1 item');
    expect(listPageTitle('All products', '', 1000, true)).toBe('All products – 1,000+ items');
    expect(listPageTitle('General', '', 1234567)).toBe('General – 1,234,567 items');
  });
});
