// What a product page's or a category page's first HTML says of what it shows (decision 073): its
// title and description, the canonical address, Open Graph and Twitter card for link previews, and
// schema.org JSON-LD (Product with its Offer, BreadcrumbList) for search engines. Written by the
// catalog, which owns the listings; the gateway puts it into the page's head. Every URL is absolute
// under the shop's origin.
import { CATEGORIES, conditionGradeLabel, listPageTitle, productPageTitle, SHOP_NAME, type ConditionGrade, type Product } from '@pl/contracts';
import { crawlableImage } from './merchant-feed.js';
import { xmlText } from './xml-text.js';

/** A page's head as the catalog writes it: the document's title and description, and the elements to add. */
export interface PageHead {
  title: string;
  description: string;
  head: string;
}

/**
 * schema.org's condition of each grade. New in Box is new; For Parts is damaged (it does not work
 * as sold); the rest are used, as decision 070 maps them for Google's feed: an opened box is not
 * new, and the shop refurbishes nothing.
 */
export const ITEM_CONDITIONS: Readonly<Record<ConditionGrade, string>> = {
  NEW_IN_BOX: 'https://schema.org/NewCondition',
  OPEN_BOX: 'https://schema.org/UsedCondition',
  LIGHTLY_USED: 'https://schema.org/UsedCondition',
  USED: 'https://schema.org/UsedCondition',
  FOR_PARTS: 'https://schema.org/DamagedCondition',
};
const itemConditionOf = (grade: string) => (Object.hasOwn(ITEM_CONDITIONS, grade) ? ITEM_CONDITIONS[grade as ConditionGrade] : 'https://schema.org/UsedCondition');

/** Search results show about this much of a description. */
const DESCRIPTION_MAX = 160;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** JSON as it may stand inside a <script> element: no `</script>` or `<!--` can close or bend it. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${xmlText(content)}">`;

/** The trail a page under the product list shows: All Products, then `name` at `url`. */
const breadcrumbsUnderProducts = (origin: string, name: string, url: string) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: [
    { '@type': 'ListItem', position: 1, name: 'All Products', item: `${origin}/products` },
    { '@type': 'ListItem', position: 2, name, item: url },
  ],
});

/** What every page's head here starts with: its canonical address and the link preview's basics. */
const headStart = (o: { type: 'product' | 'website'; url: string; title: string; description: string }) => [
  `<link rel="canonical" href="${xmlText(o.url)}">`,
  meta('property', 'og:type', o.type),
  meta('property', 'og:site_name', SHOP_NAME),
  meta('property', 'og:title', o.title),
  meta('property', 'og:description', o.description),
  meta('property', 'og:url', o.url),
];

export function productPageHead(product: Product, origin: string): PageHead {
  const url = `${origin}/products/${encodeURIComponent(product.id)}`;
  // The variant the page shows first: one that can be bought, else the first.
  const lead = product.variants.find((v) => v.totalAvailable > 0) ?? product.variants[0];
  const title = productPageTitle(product, lead);
  const grade = conditionGradeLabel(product.conditionGrade);
  const said = product.description?.trim() || product.conditionNotes?.trim();
  const description = cut([`${grade}${product.brand ? ` ${product.brand}` : ''}, inspected and graded.`, said].filter(Boolean).join(' '), DESCRIPTION_MAX);
  const cover = product.photos?.find((p) => p.cover) ?? product.photos?.[0];
  const image = crawlableImage(cover?.src ?? product.images[0], origin);
  const inStock = product.variants.some((v) => v.totalAvailable > 0);

  const productLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(product.description ? { description: product.description } : {}),
    ...(lead ? { sku: lead.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(image ? { image: [image] } : {}),
    url,
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      sku: v.sku,
      price: v.price,
      priceCurrency: 'USD',
      availability: v.totalAvailable > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: itemConditionOf(product.conditionGrade),
      url,
      seller: { '@type': 'Organization', name: SHOP_NAME },
    })),
  };
  // As the page's own breadcrumb reads: All Products, then the product.
  const breadcrumbs = breadcrumbsUnderProducts(origin, product.title, url);
  const head = [
    ...headStart({ type: 'product', url, title, description }),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', cover?.alt || product.title)] : []),
    ...(lead ? [meta('property', 'product:price:amount', lead.price), meta('property', 'product:price:currency', 'USD')] : []),
    meta('property', 'product:availability', inStock ? 'in stock' : 'out of stock'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${inScript(productLd)}</script>`,
    `<script type="application/ld+json">${inScript(breadcrumbs)}</script>`,
  ].join('');
  return { title, description, head };
}

/**
 * A category's list page (/products?category=<id>): titled with how many listings match, as the page
 * then titles itself from the same count (the product list's `total` for that category); undefined
 * for a category the shop does not have.
 */
export function categoryPageHead(categoryId: string, matching: { total: number; totalIsAtLeast: boolean }, origin: string): PageHead | undefined {
  const category = CATEGORIES.find((c) => c.id === categoryId);
  if (!category) return undefined;
  const url = `${origin}/products?category=${encodeURIComponent(category.id)}`;
  const title = listPageTitle(category.name, '', matching.total, matching.totalIsAtLeast);
  const description = cut(`${category.name}: ${category.description} Inspected, condition-graded and priced far below retail, with live stock at each store.`, DESCRIPTION_MAX);
  const head = [
    ...headStart({ type: 'website', url, title, description }),
    meta('name', 'twitter:card', 'summary'),
    `<script type="application/ld+json">${inScript(breadcrumbsUnderProducts(origin, category.name, url))}</script>`,
  ].join('');
  return { title, description, head };
}
