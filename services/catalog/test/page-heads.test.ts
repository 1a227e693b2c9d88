import { CatalogInternalPaths, PageHead } from '@pl/contracts';
import { INTERNAL_TOKEN, startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertHold, insertProduct } from './factories.js';

/** What a product page's first HTML says of the listing, as the gateway asks for it (decision 073). */
describe('GET /internal/page-heads/products/:id', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  const ORIGIN = 'https://shop.example.com';
  const headOf = async (id: string) => {
    const res = await fetch(`${catalog.url}${CatalogInternalPaths.productPageHead(id)}`, {
      headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' },
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** The JSON-LD blocks of a head, parsed as a search engine reads them. */
  const jsonLd = (head: string) => [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const metaOf = (head: string, key: string) => new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(head)?.[1];

  it('titles and describes the listing, names its canonical address, its link preview and its schema.org Product with an Offer per variant', async () => {
    const { id, variants } = await insertProduct(catalog.pool, {
      title: 'MacBook Air 13" M2 <Midnight> & case',
      brand: 'Apple',
      description: 'Tested, battery at 96%. </script><script>alert(1)</script>',
      conditionGrade: 'OPEN_BOX',
      images: ['/api/media/macbook.jpg'],
      variants: [{ priceCents: 74900, compareAtCents: 109900, levels: [{ locationId: 'dublin', onHand: 1 }] }],
    });
    const { status, body } = await headOf(id);
    expect(status).toBe(200);
    const page = PageHead.parse(body);
    expect(page.title).toBe('MacBook Air 13" M2 <Midnight> & case – Open Box – $749.00');
    expect(page.description).toMatch(/^Open Box Apple, inspected and graded\. Tested, battery at 96%/);
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/products/${id}">`);
    expect(metaOf(page.head, 'og:title')).toBe('MacBook Air 13&quot; M2 &lt;Midnight&gt; &amp; case – Open Box – $749.00');
    expect(metaOf(page.head, 'og:image')).toBe(`${ORIGIN}/api/media/macbook.jpg`);
    expect(metaOf(page.head, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(page.head, 'product:price:amount')).toBe('749.00');
    // The description's markup stays inside the JSON: no element of the page is closed or opened by it.
    expect(page.head.match(/<script/g)).toHaveLength(2);
    const [product, breadcrumbs] = jsonLd(page.head);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'MacBook Air 13" M2 <Midnight> & case',
      description: 'Tested, battery at 96%. </script><script>alert(1)</script>',
      brand: { '@type': 'Brand', name: 'Apple' },
      image: [`${ORIGIN}/api/media/macbook.jpg`],
      offers: [{ '@type': 'Offer', sku: variants[0]!.sku, price: '749.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition' }],
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ position: 1, item: `${ORIGIN}/products` }, { position: 2, item: `${ORIGIN}/products/${id}` }] });
  });

  it.each([
    ['NEW_IN_BOX', 'NewCondition'],
    ['LIGHTLY_USED', 'UsedCondition'],
    ['FOR_PARTS', 'DamagedCondition'],
  ])('maps %s to schema.org %s, and says OutOfStock once its one unit is held', async (grade, condition) => {
    const { id, variants } = await insertProduct(catalog.pool, { conditionGrade: grade, images: ['/api/media/drawing.svg'], variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
    await insertHold(catalog.pool, { variantId: variants[0]!.id, locationId: 'dublin', qty: 1 });
    const page = PageHead.parse((await headOf(id)).body);
    const [product] = jsonLd(page.head);
    expect((product!.offers as Array<Record<string, string>>)[0]).toMatchObject({ itemCondition: `https://schema.org/${condition}`, availability: 'https://schema.org/OutOfStock' });
    // An SVG drawing is no picture of the unit, and link previews cannot show it.
    expect(metaOf(page.head, 'og:image')).toBeUndefined();
    expect(metaOf(page.head, 'twitter:card')).toBe('summary');
  });

  it('has nothing for a draft or an unknown product, refuses a malformed id and a caller without the internal token', async () => {
    const { id } = await insertProduct(catalog.pool);
    await catalog.pool.query('UPDATE products SET published_at = NULL WHERE id = $1', [id]);
    expect((await headOf(id)).status).toBe(404);
    expect((await headOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await headOf('not-a-uuid')).status).toBe(400);
    expect((await fetch(`${catalog.url}${CatalogInternalPaths.productPageHead(id)}`)).status).toBe(401);
  });

  it("titles a category's list page with the count the page shows, and names its canonical address", async () => {
    await insertProduct(catalog.pool, { categoryId: 'gaming', title: 'Controller' });
    const { total } = (await (await fetch(`${catalog.url}/api/products?category=gaming`)).json()) as { total: number };
    const res = await fetch(`${catalog.url}${CatalogInternalPaths.categoryPageHead('gaming')}`, {
      headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' },
    });
    const page = PageHead.parse(await res.json());
    expect(page.title).toBe(`Gaming – ${total} ${total === 1 ? 'item' : 'items'}`);
    expect(page.description).toMatch(/^Gaming: Consoles, games/);
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/products?category=gaming">`);
    expect(jsonLd(page.head)[0]).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'All Products' }, { name: 'Gaming', item: `${ORIGIN}/products?category=gaming` }] });
    const ask = (id: string) => fetch(`${catalog.url}${CatalogInternalPaths.categoryPageHead(id)}`, { headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    expect((await ask('no-such-category')).status).toBe(404);
    expect((await ask('Bad!')).status).toBe(400);
  });
});
