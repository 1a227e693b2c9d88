// Synthetic catalogue for benchmarks (`npm run bench` lists and searches 100k products): plausible
// titles, brands and descriptions, one to three variants, stock spread over the locations. Not
// used by the service itself.
import { randomBytes } from 'node:crypto';
import { ConditionGrades, MEDIA_PATH, type CategoryId } from '@pl/contracts';
import { withTransaction, type Pool } from '@pl/service-kit';
import { insertCatalogRows, stableUuid, type DemoRows } from '../../src/seeds/demo-catalog.js';

const KINDS: ReadonlyArray<[kind: string, category: CategoryId, image: string]> = [
  ['Laptop', 'electronics', 'laptop'],
  ['4K Smart TV', 'electronics', 'television'],
  ['Wireless Headphones', 'electronics', 'headphones'],
  ['Bluetooth Speaker', 'electronics', 'speaker'],
  ['Mirrorless Camera', 'electronics', 'camera'],
  ['Gaming Monitor', 'electronics', 'monitor'],
  ['Smartphone', 'mobile-devices', 'smartphone'],
  ['Tablet', 'mobile-devices', 'tablet'],
  ['Smartwatch', 'mobile-devices', 'smartwatch'],
  ['Cordless Drill', 'home-garden', 'drill'],
  ['Stick Vacuum', 'home-garden', 'vacuum'],
  ['Air Fryer', 'home-garden', 'air-fryer'],
  ['Espresso Machine', 'home-garden', 'espresso-machine'],
  ['Lawn Mower', 'home-garden', 'lawn-mower'],
  ['Car Battery', 'automotive', 'car-battery'],
  ['All-Season Tire', 'automotive', 'tire-wheel'],
  ['Dash Cam', 'automotive', 'dash-cam'],
  ['Brake Rotor', 'automotive', 'brake-rotor'],
  ['Game Console', 'gaming', 'game-console'],
  ['Wireless Controller', 'gaming', 'game-controller'],
  ['Mechanical Keyboard', 'gaming', 'keyboard'],
  ['Mountain Bike', 'sports-outdoors', 'bicycle'],
  ['Camping Tent', 'sports-outdoors', 'tent'],
  ['Electric Scooter', 'sports-outdoors', 'e-scooter'],
  ['Puffer Jacket', 'clothing', 'puffer-jacket'],
  ['Running Shoes', 'clothing', 'sneakers'],
  ['Backpack', 'clothing', 'backpack'],
  ['Carry-On Spinner', 'general', 'suitcase'],
  ['Office Chair', 'general', 'office-chair'],
  ['Power Station', 'general', 'power-station'],
];
const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Vertex', 'Summit', 'Lumen', 'Ironclad', 'Bluepeak', 'Harbor', 'Quantum', 'Evergreen', 'Falcon', 'Pioneer', 'Redwood', 'Stratus', 'Titan', 'Nimbus', 'Orion', 'Cascade', 'Atlas'];
const ADJECTIVES = ['Pro', 'Max', 'Ultra', 'Compact', 'Elite', 'Plus', 'Lite', 'Sport', 'Classic', 'Prime', 'Studio', 'Trail', 'Urban', 'Turbo'];
const FEATURES = ['a long-lasting battery', 'a brushless motor', 'a water-resistant shell', 'fast USB-C charging', 'a bright anti-glare display', 'noise cancelling', 'a lightweight aluminium frame', 'dual-band Wi-Fi', 'a one-year warranty', 'a quick-release mount'];
const NOTES = [
  'Opened and returned unused; all accessories included.',
  'Light scuffs on the housing; fully tested and working.',
  'Customer return with a damaged box; item itself is like new.',
  'Visible wear and a small dent; works as it should.',
  'Does not power on; sold as-is for parts.',
];
const OPTIONS = ['BLK', 'WHT', 'S', 'M', 'L', '128GB', '256GB'];

/** mulberry32: a small seeded PRNG, so a given seed always generates the same catalogue. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateProductsOptions {
  count: number;
  /** Same seed, same titles, prices and stock (ids and skus still differ per run via `runId`). */
  seed?: number;
  /** Rows per insert transaction (default 5000). */
  batchSize?: number;
  /** Goes into every sku (`GEN-<runId>-<n>`), so several runs can fill one database; default random. */
  runId?: string;
}

/**
 * Inserts `count` synthetic products with variants and stock into the catalog schema of `pool`
 * (its locations must exist: start the service once, or run the locations seed). Set-based
 * inserts in batches; the pricing triggers fire once per batch. Returns how many were inserted.
 */
export async function generateProducts(pool: Pool, options: GenerateProductsOptions): Promise<number> {
  const random = prng(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const batchSize = options.batchSize ?? 5000;
  const runId = options.runId ?? randomBytes(3).toString('hex').toUpperCase();
  const { rows: locations } = await pool.query<{ id: string }>('SELECT id FROM locations ORDER BY id');
  if (locations.length === 0) throw new Error('generateProducts needs the catalog locations; start the catalog once first');
  const now = Date.now();

  for (let start = 0; start < options.count; start += batchSize) {
    const rows: DemoRows = { products: [], variants: [], levels: [] };
    for (let n = start; n < Math.min(options.count, start + batchSize); n++) {
      const [kind, category, image] = pick(KINDS);
      const brand = pick(BRANDS);
      const grade = pick(ConditionGrades);
      const skuBase = `GEN-${runId}-${n}`;
      const productId = stableUuid(`generated:${skuBase}`);
      const model = `${String.fromCharCode(65 + Math.floor(random() * 26))}${100 + Math.floor(random() * 900)}`;
      rows.products.push({
        id: productId,
        title: `${brand} ${pick(ADJECTIVES)} ${kind} ${model}`,
        brand,
        description: `${kind} from ${brand} with ${pick(FEATURES)} and ${pick(FEATURES)}. Inspected and graded by our returns team.`,
        condition_grade: grade,
        condition_notes: NOTES[ConditionGrades.indexOf(grade)] as string,
        one_of_a_kind: random() < 0.1,
        category_id: category,
        images: random() < 0.95 ? [`${MEDIA_PATH}/${image}.svg`] : [],
        created_at: new Date(now - n * 1000).toISOString(),
      });
      const variantCount = random() < 0.8 ? 1 : 2 + Math.floor(random() * 2);
      const basePrice = 500 + Math.floor(random() * 150_000);
      for (let i = 0; i < variantCount; i++) {
        const sku = variantCount === 1 ? skuBase : `${skuBase}-${OPTIONS[i]}`;
        const variantId = stableUuid(`generated:${sku}`);
        const priceCents = basePrice + i * 1000;
        rows.variants.push({ id: variantId, product_id: productId, sku, price_cents: priceCents, compare_at_cents: random() < 0.8 ? Math.round(priceCents * (1.2 + random())) : null });
        for (const location of locations) {
          if (random() < 0.5) rows.levels.push({ variant_id: variantId, location_id: location.id, on_hand: Math.floor(random() * 8) });
        }
      }
    }
    await withTransaction(pool, (client) => insertCatalogRows(client, rows));
  }
  return options.count;
}
