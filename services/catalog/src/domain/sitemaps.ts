// The shop's sitemaps (sitemaps.org protocol 0.9, decision 070): an index naming a file of the
// pages and as many files of listings as it takes at SITEMAP_URLS_PER_FILE each. Every URL is
// absolute under the shop's public origin; listings on sale only (decision 055).
import { CrawlerPaths, IndexedPages } from '@pl/contracts';
import { notFound, type Queryable } from '@pl/service-kit';
import { categoryCounts } from '../db/categories.repo.js';
import { productSitemapFiles, sitemapListings, type SitemapCursor } from '../db/crawler-reads.repo.js';
import type { DocumentWriter } from './document-cache.js';
import { xmlElement } from './xml-text.js';

/** The protocol's ceiling of URLs in one file (and 50 MB, which 50,000 listings' URLs stay far below). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Listings read per statement while a file is written. */
const CHUNK = 2_000;
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export type SitemapFile = { kind: 'pages' } | { kind: 'products'; file: number };

const FILE_NAME = /^(?:(pages)|products-([1-9]\d{0,8}))\.xml$/;

/** The file a `/sitemaps/<name>` asks for; undefined for a name the shop never gives. */
export function sitemapFileOf(name: string): SitemapFile | undefined {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  return match[1] ? { kind: 'pages' } : { kind: 'products', file: Number(match[2]) };
}

const productsFileName = (file: number) => `products-${file}`;
const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: string) => `<${tag}>${xmlElement('loc', loc)}${lastmod ? xmlElement('lastmod', lastmod) : ''}</${tag}>\n`;

/** The index: the pages' file, then each products' file with the latest change of a listing in it. */
export async function writeSitemapIndex(db: Queryable, out: DocumentWriter, o: { origin: string; perFile: number }): Promise<void> {
  const files = await productSitemapFiles(db, o.perFile);
  out.write(`${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n`);
  out.write(entry('sitemap', o.origin + CrawlerPaths.sitemap('pages')));
  for (const { file, lastmod } of files) out.write(entry('sitemap', o.origin + CrawlerPaths.sitemap(productsFileName(file)), lastmod));
  out.write('</sitemapindex>\n');
}

/** The pages: home, the lists, the shell's own pages, and the list of each category that has listings on sale. */
export async function writePagesSitemap(db: Queryable, out: DocumentWriter, o: { origin: string }): Promise<void> {
  // The category counts count listings on sale (decision 055), and are kept as they change.
  const categories = (await categoryCounts(db)).filter((c) => c.count > 0);
  out.write(`${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`);
  for (const page of IndexedPages) out.write(entry('url', o.origin + page));
  for (const { category } of categories) out.write(entry('url', `${o.origin}/products?category=${encodeURIComponent(category)}`));
  out.write('</urlset>\n');
}

/** One products' file: its listings' pages with when each last changed; a 404 past the last file. */
export async function writeProductsSitemap(db: Queryable, out: DocumentWriter, o: { origin: string; perFile: number; file: number }): Promise<void> {
  let left = o.perFile;
  let after: SitemapCursor | undefined;
  while (left > 0) {
    const want = Math.min(CHUNK, left);
    const { listings, last } = await sitemapListings(db, after ? { after } : { offset: (o.file - 1) * o.perFile }, want);
    if (!after) {
      // An empty urlset is no valid sitemap: a file with nothing in it does not exist.
      if (listings.length === 0) throw notFound('No such sitemap');
      out.write(`${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`);
    }
    for (const { id, lastmod } of listings) out.write(entry('url', `${o.origin}/products/${encodeURIComponent(id)}`, lastmod));
    await out.drained();
    left -= listings.length;
    if (!last || listings.length < want) break;
    after = last;
  }
  out.write('</urlset>\n');
}
