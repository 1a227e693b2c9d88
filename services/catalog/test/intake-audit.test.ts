// The intake desk's admin actions in the catalog's audit trail (decision 051): each recorded with
// the admin, the listing, before and after, in the transaction of the change; a refused change
// records nothing.
import sharp from 'sharp';
import { AuditRecordedData, PhotoList } from '@pl/contracts';
import { TEST_ADMIN_NAME } from '@pl/service-kit/testing';
import { startCatalog } from './catalog-test-app';
import { insertProduct, uniqueSku } from './factories';

let catalog: Awaited<ReturnType<typeof startCatalog>>;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const intake = '/api/admin/intake';
const json = (method: string, pathname: string, body?: unknown) => catalog.request(method, pathname, body, catalog.callers.admin);
const smallPhoto = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#468' } }).png().toBuffer();
const upload = async (productId: string) =>
  PhotoList.parse(
    await (
      await fetch(`${catalog.url}${intake}/${productId}/photos?alt=Front`, { method: 'POST', headers: { 'content-type': 'image/png', ...catalog.callers.admin }, body: new Uint8Array(await smallPhoto()) })
    ).json(),
  ).photos;

/** The listing's trail, oldest first, as the trail and the outbox hold it (they must agree). */
async function trailOf(productId: string) {
  const { rows } = await catalog.pool.query(`SELECT id, action, actor_name, target_label, before, after FROM admin_audit WHERE target_id = $1 ORDER BY seq`, [productId]);
  const events = await catalog.pool.query(`SELECT id, subject, payload FROM outbox WHERE type = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`, [productId]);
  expect(events.rows.map((e) => [e.id, e.subject])).toEqual(rows.map((r) => [r.id, 'audit.recorded.catalog']));
  for (const e of events.rows) AuditRecordedData.parse(e.payload);
  return rows.map(({ id: _id, ...r }) => r);
}

describe('the intake desk in the audit trail', () => {
  it('records an inspection with the grade and notes before and after', async () => {
    const { id } = await insertProduct(catalog.pool, { title: 'Espresso machine', categoryId: 'electronics', conditionGrade: 'OPEN_BOX' });
    expect((await json('POST', `${intake}/${id}/inspections`, { answers: { powers_on: 'pass' }, grade: 'LIGHTLY_USED', notes: 'Scuffed base', inspectorName: 'Maya' })).status).toBe(201);

    expect(await trailOf(id)).toEqual([
      {
        action: 'inspection.saved',
        actor_name: TEST_ADMIN_NAME,
        target_label: 'Espresso machine',
        before: { grade: 'OPEN_BOX', notes: null },
        after: { grade: 'LIGHTLY_USED', notes: 'Scuffed base', inspectorName: 'Maya', answers: { powers_on: 'pass' } },
      },
    ]);
  });

  it('records nothing for an inspection that is refused', async () => {
    const { id } = await insertProduct(catalog.pool, { categoryId: 'electronics' });
    expect((await json('POST', `${intake}/${id}/inspections`, { answers: { no_such_check: 'pass' }, grade: 'USED' })).status).toBe(400);
    expect(await trailOf(id)).toEqual([]);
  });

  it('records each photo added, described, reordered and deleted', async () => {
    const { id } = await insertProduct(catalog.pool, { title: 'Desk lamp' });
    const [a] = await upload(id);
    const photos = await upload(id);
    const b = photos[1]!;
    expect((await json('PATCH', `${intake}/${id}/photos/${a!.id}`, { alt: 'Lamp, switched on' })).status).toBe(200);
    expect((await json('PUT', `${intake}/${id}/photos`, { order: [b.id, a!.id], coverId: b.id })).status).toBe(200);
    expect((await json('DELETE', `${intake}/${id}/photos/${a!.id}`)).status).toBe(200);

    expect(await trailOf(id)).toEqual([
      { action: 'photo.added', actor_name: TEST_ADMIN_NAME, target_label: 'Desk lamp', before: null, after: { id: a!.id, alt: 'Front', cover: true, position: 1 } },
      { action: 'photo.added', actor_name: TEST_ADMIN_NAME, target_label: 'Desk lamp', before: null, after: { id: b.id, alt: 'Front', cover: false, position: 2 } },
      { action: 'photo.described', actor_name: TEST_ADMIN_NAME, target_label: 'Desk lamp', before: { id: a!.id, alt: 'Front', cover: true }, after: { id: a!.id, alt: 'Lamp, switched on', cover: true } },
      { action: 'photo.reordered', actor_name: TEST_ADMIN_NAME, target_label: 'Desk lamp', before: { order: [a!.id, b.id], coverId: a!.id }, after: { order: [b.id, a!.id], coverId: b.id } },
      { action: 'photo.deleted', actor_name: TEST_ADMIN_NAME, target_label: 'Desk lamp', before: { id: a!.id, alt: 'Lamp, switched on', cover: false }, after: null },
    ]);
  });

  it("records accepting the POS's grade, and nothing when there is none to accept", async () => {
    const sku = uniqueSku();
    const pos = (grade: string, notes: string | null) => ({ title: 'Lenovo ThinkPad', conditionGrade: grade, conditionNotes: notes, oneOfAKind: true, category: 'electronics', images: [], variants: [{ sku, priceCents: 45_000, stock: [{ locationId: 'dublin', onHand: 1 }] }] });
    const { productId } = (await (await catalog.internal('PUT', '/internal/products', pos('OPEN_BOX', null))).json()) as { productId: string };
    await json('POST', `${intake}/${productId}/inspections`, { answers: {}, grade: 'LIGHTLY_USED', notes: 'Dent' });
    await catalog.internal('PUT', '/internal/products', pos('USED', 'Returned'));

    expect((await json('POST', `${intake}/${productId}/accept-pos-condition`)).status).toBe(200);
    expect((await json('POST', `${intake}/${productId}/accept-pos-condition`)).status).toBe(409);

    const trail = await trailOf(productId);
    expect(trail.map((t) => t.action)).toEqual(['inspection.saved', 'pos-condition.accepted']);
    expect(trail[1]).toMatchObject({ before: { grade: 'LIGHTLY_USED', notes: 'Dent' }, after: { grade: 'USED', notes: 'Returned' } });
  });
});
