import { Router } from 'express';
import { CrawlerPaths } from '@pl/contracts';
import { notFound, type Pool } from '@pl/service-kit';
import type { DocumentCache } from '../domain/document-cache.js';
import { publicOriginOf } from './public-origin.js';
import { writeMerchantFeed } from '../domain/merchant-feed.js';
import { sitemapFileOf, writePagesSitemap, writeProductsSitemap, writeSitemapIndex } from '../domain/sitemaps.js';

const XML = 'application/xml; charset=utf-8';

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
