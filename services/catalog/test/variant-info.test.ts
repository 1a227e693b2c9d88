import { MAX_PRICE_SKUS, VariantInfo, VariantPrices } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertHold, insertProduct } from './factories.js';

describe('GET /internal/variants/:sku', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  it('answers what the cart snapshots, with availability net of active holds', async () => {
    const { id, variants } = await insertProduct(catalog.pool, {
      title: 'Espresso Machine',
      brand: 'Gaggia',
      conditionNotes: 'Scuff on the side',
      oneOfAKind: true,
      images: ['/api/media/espresso-machine.svg', '/api/media/espresso-side.svg'],
      variants: [{ priceCents: 12999, compareAtCents: 19999, levels: [{ locationId: 'dublin', onHand: 3, reserved: 1 }] }],
    });
    await insertHold(catalog.pool, { variantId: variants[0]!.id, locationId: 'dublin', qty: 1, expiresInSeconds: -5 });

    const res = await catalog.internal('GET', `/internal/variants/${variants[0]!.sku}`);

    expect(res.status).toBe(200);
    expect(VariantInfo.parse(await res.json())).toEqual({
      sku: variants[0]!.sku,
      productId: id,
      brand: 'Gaggia',
      images: ['/api/media/espresso-machine.svg', '/api/media/espresso-side.svg'],
      title: 'Espresso Machine',
      image: '/api/media/espresso-machine.svg',
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'Scuff on the side',
      oneOfAKind: true,
      priceCents: 12999,
      compareAtCents: 19999,
      available: 2,
    });
  });

  it('answers 404 JSON for an unknown sku and 400 for a malformed one', async () => {
    const unknown = await catalog.internal('GET', '/internal/variants/NOPE-404');
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'NOT_FOUND']);
    const bad = await catalog.internal('GET', `/internal/variants/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
  });

  it('refuses a caller without the internal token', async () => {
    const res = await catalog.get('/internal/variants/ANY');
    expect(res.status).toBe(401);
  });
});

describe('GET /internal/variant-prices', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  it("answers each named variant's price now, with its product, leaving out unknown skus and drafts", async () => {
    const lamp = await insertProduct(catalog.pool, { variants: [{ priceCents: 4999, compareAtCents: 8999 }, { priceCents: 5999 }] });
    const draft = await insertProduct(catalog.pool, { publishedAt: null, variants: [{ priceCents: 100 }] });
    const [a, b] = lamp.variants;
    await catalog.pool.query('UPDATE variants SET price_cents = 4499 WHERE id = $1', [a!.id]);

    const res = await catalog.internal('GET', `/internal/variant-prices?skus=${[a!.sku, b!.sku, a!.sku, draft.variants[0]!.sku, 'NOPE-404'].join(',')}`);

    expect(res.status).toBe(200);
    const { variants } = VariantPrices.parse(await res.json());
    expect(variants.sort((x, y) => x.priceCents - y.priceCents)).toEqual([
      { sku: a!.sku, productId: lamp.id, priceCents: 4499, compareAtCents: 8999 },
      { sku: b!.sku, productId: lamp.id, priceCents: 5999, compareAtCents: null },
    ]);
  });

  it('refuses a malformed list, too many skus and a caller without the internal token, as 400/401 JSON', async () => {
    for (const query of ['', '?skus=', `?skus=${encodeURIComponent('a b')}`, `?skus=${Array.from({ length: MAX_PRICE_SKUS + 1 }, (_, i) => `SKU-${i}`).join(',')}`, '?skus=A&extra=1']) {
      const res = await catalog.internal('GET', `/internal/variant-prices${query}`);
      expect([query, res.status, typeof (await res.json()).message]).toEqual([query, 400, 'string']);
    }
    expect((await catalog.get('/internal/variant-prices?skus=A')).status).toBe(401);
  });
});
