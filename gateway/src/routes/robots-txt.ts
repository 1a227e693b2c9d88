// robots.txt (decision 070): crawlers may read the shop's pages and what those pages are made of
// (the public catalogue reads and photos under /api, or a crawler that renders a page sees it empty),
// not a shopper's or an admin's pages, nor the rest of the API; and they are told where the sitemap is.
import { Router } from 'express';
import { CrawlerPaths, PublicReadPrefixes } from '@pl/contracts';

/** Pages that are a shopper's own, an admin's, or a step of a purchase or a sign-in: never worth indexing. */
export const NOT_CRAWLED = ['/admin', '/account', '/orders', '/checkout', '/cart', '/forgot-password', '/reset-password'] as const;

/** The file for a shop at `publicOrigin`. Allow lines come first for crawlers that take the first match (Google takes the longest). */
export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    ...PublicReadPrefixes.map((prefix) => `Allow: ${prefix}`),
    'Disallow: /api/',
    ...NOT_CRAWLED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicOrigin}${CrawlerPaths.sitemapIndex}`,
    '',
  ].join('\n');
}

export function robotsRoutes(publicOrigin: string): Router {
  const body = robotsTxt(publicOrigin);
  return Router().get(CrawlerPaths.robots, (_req, res) => {
    // It changes only with the gateway's configuration; Express adds an ETag and answers 304 to it.
    res.set('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body);
  });
}
