// Deterministic synthetic products for benchmarks (POS_SEED=<n>): skus POS-GEN-000001… (another
// prefix with POS_SEED_SKU_PREFIX), plausible
// names, one or two variants, stock at the four locations. The same n always gives the same products.
import { GRADES, variant, type SeedProduct, type SeedVariant, type StockCounts } from './seed-product.js';

const KINDS: ReadonlyArray<[kind: string, category: string, image: string]> = [
  ['Laptop', 'electronics', 'laptop'],
  ['4K Smart TV', 'electronics', 'television'],
  ['Wireless Headphones', 'electronics', 'headphones'],
  ['Bluetooth Speaker', 'electronics', 'speaker'],
  ['Smartphone', 'mobile-devices', 'smartphone'],
  ['Tablet', 'mobile-devices', 'tablet'],
  ['Smartwatch', 'mobile-devices', 'smartwatch'],
  ['Cordless Drill', 'home-garden', 'drill'],
  ['Stick Vacuum', 'home-garden', 'vacuum'],
  ['Air Fryer', 'home-garden', 'air-fryer'],
  ['Car Battery', 'automotive', 'car-battery'],
  ['Dash Cam', 'automotive', 'dash-cam'],
  ['Game Console', 'gaming', 'game-console'],
  ['Wireless Controller', 'gaming', 'game-controller'],
  ['Mountain Bike', 'sports-outdoors', 'bicycle'],
  ['Camping Tent', 'sports-outdoors', 'tent'],
  ['Puffer Jacket', 'clothing', 'puffer-jacket'],
  ['Running Shoes', 'clothing', 'sneakers'],
  ['Carry-On Spinner', 'general', 'suitcase'],
  ['Office Chair', 'general', 'office-chair'],
];
const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Vertex', 'Summit', 'Lumen', 'Ironclad', 'Bluepeak', 'Harbor', 'Quantum', 'Evergreen', 'Falcon'];
const MODELS = ['Pro', 'Max', 'Ultra', 'Compact', 'Elite', 'Plus', 'Lite', 'Sport', 'Classic', 'Prime'];
const NOTES: Record<(typeof GRADES)[number], string> = {
  NEW_IN_BOX: 'Factory-sealed overstock: never opened.',
  OPEN_BOX: 'Opened and returned unused; all accessories included.',
  LIGHTLY_USED: 'Light scuffs on the housing; fully tested and working.',
  USED: 'Visible wear and a small dent; works as it should.',
  FOR_PARTS: 'Does not power on; sold as-is for parts.',
};
const CREATED_BEFORE = Date.parse('2026-11-20T00:00:00Z');

/** mulberry32: a small seeded PRNG. */
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

export function generateProducts(n: number, skuPrefix = 'POS-GEN'): SeedProduct[] {
  const random = prng(20261101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const count = (): number => (random() < 0.4 ? 0 : Math.floor(random() * 8));
  const products: SeedProduct[] = [];
  for (let i = 1; i <= n; i++) {
    const [kind, category, image] = pick(KINDS);
    const brand = pick(BRANDS);
    const grade = pick(GRADES);
    const sku = `${skuPrefix}-${String(i).padStart(6, '0')}`;
    const unique = random() < 0.1;
    const priceCents = 500 + Math.floor(random() * 150_000);
    const compareAtCents = random() < 0.8 ? Math.round(priceCents * (1.2 + random())) : null;
    const stock = (): StockCounts => (unique ? [1, 0, 0, 0] : [count(), count(), count(), count()]);
    const variants: SeedVariant[] =
      !unique && random() < 0.2
        ? [variant(`${sku}-BLK`, priceCents, compareAtCents, stock(), 'BLK'), variant(`${sku}-WHT`, priceCents, compareAtCents, stock(), 'WHT')]
        : [variant(sku, priceCents, compareAtCents, stock())];
    products.push({
      sku,
      name: `${brand} ${pick(MODELS)} ${kind} ${String.fromCharCode(65 + Math.floor(random() * 26))}${100 + Math.floor(random() * 900)}`,
      brand,
      description: `${kind} from ${brand}, inspected and graded by our returns team.`,
      category,
      grade,
      notes: NOTES[grade],
      unique,
      image: `/media/${image}.svg`,
      createdAt: new Date(CREATED_BEFORE - i * 60_000).toISOString(),
      variants,
    });
  }
  return products;
}
