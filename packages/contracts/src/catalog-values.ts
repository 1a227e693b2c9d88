// The catalogue's wire values without a schema: grades, categories, sorts, page sizes, image paths.
// Schemas are in catalog.ts. Kept apart so a browser's first view can import these without zod
// (decision 025): a module is bundled whole, and one zod schema in it would bring all of zod.
import { formatPrice } from './money.js';

/** What a sku may look like: any other is unknown to the shop and never looked up. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const ConditionGrades = ['NEW_IN_BOX', 'OPEN_BOX', 'LIGHTLY_USED', 'USED', 'FOR_PARTS'] as const;

/** Each grade as shoppers read it (spec §3). */
export const CONDITION_GRADE_LABELS: Readonly<Record<(typeof ConditionGrades)[number], string>> = {
  NEW_IN_BOX: 'New in Box',
  OPEN_BOX: 'Open Box',
  LIGHTLY_USED: 'Lightly Used',
  USED: 'Used',
  FOR_PARTS: 'For Parts',
};

/** A grade's label; a grade the shop does not know (a POS's own) as it is. */
export const conditionGradeLabel = (grade: string): string => (CONDITION_GRADE_LABELS as Record<string, string>)[grade] ?? grade;

/** A whole number with thousands separators ('1,000'), without Intl (see formatPrice: the first Intl formatter costs a phone ~100 ms). */
const withSeparators = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A list page's title: its name, the search and how many match ('Electronics – 42 items',
 * 'All products – “drill” – 7 items'; '1,000+ items' past the server's count limit). The same
 * words whether the catalog writes a category page's first HTML or the page sets them (decision 073).
 */
export function listPageTitle(name: string, q: string, total: number, totalIsAtLeast = false): string {
  const count = totalIsAtLeast ? `${withSeparators(total)}+ items` : `${withSeparators(total)} ${total === 1 ? 'item' : 'items'}`;
  return [name, ...(q ? [`“${q}”`] : []), count].join(' – ');
}

/** The shop's eight fixed categories (spec §2), in display order, with their names and what each holds. */
export const CATEGORIES: ReadonlyArray<{ id: (typeof CategoryIds)[number]; name: string; description: string }> = [
  { id: 'electronics', name: 'Electronics', description: 'TVs, audio, cameras, computers and accessories.' },
  { id: 'mobile-devices', name: 'Mobile Devices', description: 'Phones, tablets, smartwatches and wearables.' },
  { id: 'home-garden', name: 'Home & Garden', description: 'Appliances, furniture, tools and outdoor living.' },
  { id: 'automotive', name: 'Automotive', description: 'Car electronics, parts, tools and accessories.' },
  { id: 'gaming', name: 'Gaming', description: 'Consoles, games, controllers and gaming gear.' },
  { id: 'sports-outdoors', name: 'Sports & Outdoors', description: 'Fitness equipment, bikes, camping and sporting goods.' },
  { id: 'clothing', name: 'Clothing', description: 'Apparel, shoes and accessories for everyone.' },
  { id: 'general', name: 'General', description: 'Everything else: household goods, toys, office and more.' },
];

/**
 * A product page's title ('MacBook Air 13" M2 – Open Box – $749.00'): the same words whether the
 * catalog writes it into the page's first HTML or the page sets it once the shopper picks a variant
 * (decisions 071 and 073).
 */
export function productPageTitle(product: { title: string; conditionGrade: string }, variant: { price: string } | undefined): string {
  return [product.title, conditionGradeLabel(product.conditionGrade), ...(variant ? [formatPrice(variant.price)] : [])].join(' – ');
}

export const CategoryIds = [
  'electronics',
  'mobile-devices',
  'home-garden',
  'automotive',
  'gaming',
  'sports-outdoors',
  'clothing',
  'general',
] as const;

/** A first page counts its matches up to this many; past it the shop says '1,000+' (counting 110k rows on every first page cost ~100 ms). */
export const PRODUCT_COUNT_LIMIT = 1000;

/** Page size of GET /api/admin/inventory when `limit` is not given, and its ceiling. */
export const ADMIN_INVENTORY_PAGE_SIZE = 100;
export const ADMIN_INVENTORY_PAGE_MAX = 500;

/** Response header of GET /api/admin/inventory: how many products match in all (the array is one page). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Sort orders of GET /api/products. */
export const ProductSorts = ['newest', 'price_asc', 'price_desc', 'discount', 'title'] as const;

/** Page size of GET /api/products when `limit` is not given, and its ceiling. */
export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_MAX = 100;

/** Where product images are served (by the catalog, through the gateway): `${MEDIA_PATH}/<file>`. */
export const MEDIA_PATH = '/api/media';
/** Where the catalog serves the photos the intake desk took: `${PHOTO_MEDIA_PATH}/<hash>-<width>.<jpg|webp>`. */
export const PHOTO_MEDIA_PATH = `${MEDIA_PATH}/photos`;
/** Shown when a product has no image of its own. */
export const FALLBACK_PRODUCT_IMAGE = `${MEDIA_PATH}/fallback-product.svg`;

/** A product's images that can be shown (blank entries dropped); the fallback image when none is left. */
export function productImages(images: readonly string[]): string[] {
  const usable = images.map((src) => src.trim()).filter((src) => src !== '');
  return usable.length > 0 ? usable : [FALLBACK_PRODUCT_IMAGE];
}

/** The image a product is shown with first (a card's photo, a product page's large one). */
export function leadImageOf(images: readonly string[]): string {
  return productImages(images)[0]!;
}

/**
 * How wide the shop shows a photo (its `sizes`) where the first view's lead image is: a card of a
 * product grid (catalog.css: 1 column on a phone, 2 from 640 px, 3 from ~808 px, at most ~20rem),
 * or the product page's large photo (full width; from 900 px half the page, at most 37rem). The
 * gateway's preload of the lead image names the same, so the browser fetches the one candidate of
 * the srcset that the page then picks.
 */
export const PhotoSizes = {
  card: '(min-width: 1024px) 20rem, (min-width: 808px) calc(33vw - 2rem), (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)',
  gallery: '(min-width: 1280px) 37rem, (min-width: 900px) calc(50vw - 3rem), calc(100vw - 2rem)',
} as const;

/** The product page's large photo box: 4:3, the photo shown whole inside it (catalog.css .cat-gallery__main). */
const GALLERY_BOX_RATIO = 4 / 3;

/**
 * The product page's `sizes` for one photo. The box is 4:3 and shows the photo whole, so a photo
 * taller than 4:3 is drawn narrower than the box (a 3:4 portrait at 56 % of its width): its sizes
 * say so, and a phone fetches the candidate it draws, not one twice as wide (issue 29: the first
 * image at 375 px ≤ 100 KB). The gateway's preload of a product page's cover names the same.
 */
export function gallerySizesOf(photo: { width: number; height: number }): string {
  const drawn = Math.min(1, photo.width / photo.height / GALLERY_BOX_RATIO);
  if (!(drawn > 0) || drawn > 0.99) return PhotoSizes.gallery;
  const factor = drawn.toFixed(3);
  return PhotoSizes.gallery
    .split(', ')
    .map((entry) => {
      const at = entry.lastIndexOf(') ') + 1;
      const [media, length] = at > 0 && entry.startsWith('(') ? [entry.slice(0, at + 1), entry.slice(at + 1)] : ['', entry];
      const inner = length.startsWith('calc(') ? length.slice(5, -1) : length;
      return `${media}calc((${inner}) * ${factor})`;
    })
    .join(', ');
}

/** Core NATS (not durable): signals between the catalog and the gateways. */
export const CatalogSubjects = {
  /**
   * No data. Something a public catalogue answer is made of changed (any instance's write, a
   * POS import, a hand-run fix): every gateway forgets the answers it keeps. Sent by every catalog
   * instance on each change PostgreSQL notifies, and when its own LISTEN is lost or regained.
   */
  readsChanged: 'catalog.reads-changed',
} as const;
