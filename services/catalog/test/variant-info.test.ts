import { VariantInfo } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertHold, insertProduct } from './factories.js';

describe('GET /internal/variants/:sku', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  it('answers what the cart snapshots, with availability net of active holds', async () => {
    const { variants } = await insertProduct(catalog.pool, {
      title: 'Espresso Machine',
      conditionNotes: 'Scuff on the side',
      oneOfAKind: true,
      images: ['/api/media/espresso-machine.svg'],
      variants: [{ priceCents: 12999, compareAtCents: 19999, levels: [{ locationId: 'dublin', onHand: 3, reserved: 1 }] }],
    });
    await insertHold(catalog.pool, { variantId: variants[0]!.id, locationId: 'dublin', qty: 1, expiresInSeconds: -5 });

    const res = await catalog.internal('GET', `/internal/variants/${variants[0]!.sku}`);

    expect(res.status).toBe(200);
    expect(VariantInfo.parse(await res.json())).toEqual({
      sku: variants[0]!.sku,
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
