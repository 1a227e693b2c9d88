import { Router, type Request } from 'express';
import { CrawlerPaths } from '@pl/contracts';
import { badRequest, notFound, type Pool } from '@pl/service-kit';
import type { DocumentCache } from '../domain/document-cache.js';
import { writeMerchantFeed } from '../domain/merchant-feed.js';
import { sitemapFileOf, writePagesSitemap, writeProductsSitemap, writeSitemapIndex } from '../domain/sitemaps.js';

const XML = 'application/xml; charset=utf-8';
/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The shop's public origin, which every URL of these documents starts with: as the gateway says it
 * (X-Forwarded-Proto and -Host, made from its PUBLIC_ORIGIN after dropping a browser's own), or the
 * Host asked for by a caller that came straight here (development). The origin is part of each
 * document's cache key, so a caller naming another host is built a document of its own and never
 * changes what the gateway is sent.
 */
function publicOriginOf(req: Request): string {
  const proto = req.get('x-forwarded-proto') ?? 'http';
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? '';
  if ((proto !== 'http' && proto !== 'https') || !HOST.test(host)) throw badRequest('The shop cannot tell its own address from this request');
  return `${proto}://${host.toLowerCase()}`;
}

/** Sitemaps and the merchant feed (decision 070): public, built from the listings on sale, kept a short while. */
export function crawlerDocumentsRoutes(pool: Pool, o: { cache: DocumentCache; sitemapUrlsPerFile: number }): Router {
  return Router()
    .get(CrawlerPaths.sitemapIndex, async (req, res) => {
      const origin = publicOriginOf(req);
      await o.cache.send(req, res, origin + CrawlerPaths.sitemapIndex, XML, (out) => writeSitemapIndex(pool, out, { origin, perFile: o.sitemapUrlsPerFile }));
    })
    .get('/sitemaps/:name', async (req, res) => {
      const file = sitemapFileOf(req.params.name);
      if (!file) throw notFound('No such sitemap');
      const origin = publicOriginOf(req);
      const key = origin + CrawlerPaths.sitemap(file.kind === 'pages' ? 'pages' : `products-${file.file}`);
      await o.cache.send(req, res, key, XML, (out) =>
        file.kind === 'pages' ? writePagesSitemap(pool, out, { origin }) : writeProductsSitemap(pool, out, { origin, perFile: o.sitemapUrlsPerFile, file: file.file }),
      );
    })
    .get(CrawlerPaths.merchantFeed, async (req, res) => {
      const origin = publicOriginOf(req);
      await o.cache.send(req, res, origin + CrawlerPaths.merchantFeed, XML, (out) => writeMerchantFeed(pool, out, { origin }));
    });
}
