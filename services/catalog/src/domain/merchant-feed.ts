// The product feed Google Merchant Center reads (RSS 2.0 with the g: namespace, decision 070): one
// item per variant on sale, its availability from live stock (holds included, as the cart's hold
// decides), its condition mapped from the shop's grade. Read a chunk of variants at a time and
// written as it goes, whatever the size of the catalogue.
import { centsToDecimal, SHOP_NAME, type ConditionGrade } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import { feedVariants, type FeedVariant } from '../db/crawler-reads.repo.js';
import type { DocumentWriter } from './document-cache.js';
import { photoFileUrl } from './product-view.js';
import { xmlElement } from './xml-text.js';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
/** The shop prices and charges in US dollars only (the cart's payments). */
const CURRENCY = 'USD';
/** Variants read per statement while the feed is written. */
const CHUNK = 1_000;
/** Google's ceilings: longer text is refused or cut by Merchant Center, so it is cut here, where it shows. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5_000;

/** The only conditions Google accepts. */
export type GoogleCondition = 'new' | 'refurbished' | 'used';

/**
 * The shop's grades as Google's conditions (decision 070). 'new' is unopened packaging: New in Box
 * only. Open Box is opened packaging, which Google calls used. None is 'refurbished': that promises
 * professional restoration and a warranty, and the shop inspects and tests but restores nothing.
 * For Parts is 'used' (Google has no grade for a unit that does not work; its notes say so).
 */
export const GOOGLE_CONDITIONS: Readonly<Record<ConditionGrade, GoogleCondition>> = {
  NEW_IN_BOX: 'new',
  OPEN_BOX: 'used',
  LIGHTLY_USED: 'used',
  USED: 'used',
  FOR_PARTS: 'used',
};

/** A grade outside the five (a POS's own, shown as-is) is 'used': the feed never claims better than the shop knows. */
export const googleConditionOf = (grade: string): GoogleCondition => (Object.hasOwn(GOOGLE_CONDITIONS, grade) ? GOOGLE_CONDITIONS[grade as ConditionGrade] : 'used');

export interface MerchantItem {
  id: string;
  title: string;
  description: string;
  link: string;
  /** Absent when the listing has no picture of its own (the shop's placeholder is no picture of the item). */
  imageLink?: string;
  price: string;
  availability: 'in_stock' | 'out_of_stock';
  condition: GoogleCondition;
  brand?: string;
}

/** Cut to `max` characters (whole code points; a string of `max` UTF-16 units or fewer has no more). */
const cut = (text: string, max: number) => (text.length <= max ? text : [...text].slice(0, max).join(''));

/** A path of plain URL characters (every photo's): it needs no parsing to be made absolute. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%]*$/;

/** An image as an absolute http(s) URL under the shop's origin (a path) or as given (a URL); undefined for anything else. */
function absoluteImage(image: string, origin: string): string | undefined {
  if (PLAIN_PATH.test(image)) return origin + image;
  try {
    const url = new URL(image.trim(), origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Google reads no SVG (the demo catalogue's drawings are SVG, and are no picture of the unit anyway). */
const SVG = /\.svg(?:[?#]|$)/i;

/** An image a crawler can show (not an SVG), as an absolute URL; undefined for anything else (a product page's link preview uses it too). */
export const crawlableImage = (image: string | undefined, origin: string): string | undefined =>
  image === undefined || SVG.test(image.trim()) ? undefined : absoluteImage(image, origin);

/** The cover photo's largest JPEG (Google prefers large images), else the first image the POS gave that Google can read. */
function imageOf(v: FeedVariant, origin: string): string | undefined {
  if (v.cover && v.cover.widths.length > 0) return absoluteImage(photoFileUrl(v.cover, Math.max(...v.cover.widths), 'jpg'), origin);
  return crawlableImage(v.images.find((image) => image.trim() !== ''), origin);
}

export function merchantItemOf(v: FeedVariant, origin: string): MerchantItem {
  const description = [v.description?.trim() || v.title, v.conditionNotes?.trim() ? `Condition notes: ${v.conditionNotes.trim()}` : ''].filter(Boolean).join('\n\n');
  const imageLink = imageOf(v, origin);
  const brand = v.brand?.trim();
  return {
    id: v.sku,
    title: cut(v.title, TITLE_MAX),
    description: cut(description, DESCRIPTION_MAX),
    link: `${origin}/products/${encodeURIComponent(v.productId)}`,
    ...(imageLink ? { imageLink } : {}),
    price: `${centsToDecimal(v.priceCents)} ${CURRENCY}`,
    availability: v.available > 0 ? 'in_stock' : 'out_of_stock',
    condition: googleConditionOf(v.conditionGrade),
    ...(brand ? { brand } : {}),
  };
}

function itemXml(item: MerchantItem): string {
  return [
    '<item>',
    xmlElement('g:id', item.id),
    xmlElement('title', item.title),
    xmlElement('description', item.description),
    xmlElement('link', item.link),
    item.imageLink ? xmlElement('g:image_link', item.imageLink) : '',
    xmlElement('g:price', item.price),
    xmlElement('g:availability', item.availability),
    xmlElement('g:condition', item.condition),
    item.brand ? xmlElement('g:brand', item.brand) : '',
    '</item>\n',
  ].join('');
}

/** The whole feed: the channel (the shop), then every variant on sale in sku order. */
export async function writeMerchantFeed(db: Queryable, out: DocumentWriter, o: { origin: string }): Promise<void> {
  out.write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
      `${xmlElement('title', SHOP_NAME)}${xmlElement('link', `${o.origin}/`)}${xmlElement('description', `Inspected, condition-graded returned and overstock goods from ${SHOP_NAME}.`)}\n`,
  );
  let after = '';
  for (;;) {
    const variants = await feedVariants(db, after, CHUNK);
    for (const v of variants) out.write(itemXml(merchantItemOf(v, o.origin)));
    await out.drained();
    if (variants.length < CHUNK) break;
    after = variants.at(-1)!.sku;
  }
  out.write('</channel>\n</rss>\n');
}
