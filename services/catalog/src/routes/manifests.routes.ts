import express, { Router, type Request } from 'express';
import { z } from 'zod';
import {
  ApiPaths,
  ErrorCodes,
  MANIFEST_MAX_BYTES,
  ManifestRowsQuery,
  ManifestSettings,
  ManifestUploadQuery,
  WaitingDraftsQuery,
  type DraftIntakeStarted,
  type ManifestDetail,
  type WaitingDrafts,
  type ManifestDryRun,
  type ManifestList,
  type ManifestUploaded,
} from '@pl/contracts';
import { AppError, auditActor, conflict, notFound, parseInput, recordAdminAction, requireAdmin, withTransaction, type Pool } from '@pl/service-kit';
import { findManifest, listManifests, listRowOutcomes, listWaitingDrafts, productOfSku, requestCancel, toManifestDetail, toManifestSummary } from '../db/manifests.repo.js';
import { lockSkus } from '../db/product-write.repo.js';
import { makeDraftProducts } from '../manifests/manifest-drafts.js';
import { auditManifest, dryRun, startImport, uploadManifest } from '../manifests/manifest-import.js';
import { ManifestRefused } from '../manifests/manifest-reader.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export interface ManifestRoutesOptions {
  storage: ObjectStorage;
  /** Wakes this instance's import runner (an import started is written in the background). */
  kickImports: () => void;
}

const MANIFEST = `${ApiPaths.catalog.manifests}/:manifestId`;
const ManifestId = z.string().uuid('not a manifest id');
const Sku = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a sku');
const LIST_LIMIT = 50;

/** The file's bytes (or pasted text), read whole up to the limit: larger is a 413 before anything is kept. */
const readUpload = express.raw({ type: () => true, limit: MANIFEST_MAX_BYTES });

/** Manifest intake (admins only): upload, dry run, import in the background, cancel, each row's outcome. */
export function manifestRoutes(pool: Pool, { storage, kickImports }: ManifestRoutesOptions): Router {
  const manifestOf = async (req: Request) => {
    const manifest = await findManifest(pool, parseInput(ManifestId, req.params.manifestId));
    if (!manifest) throw notFound('Manifest not found');
    return manifest;
  };
  const router = Router();
  router.use(ApiPaths.catalog.manifests, requireAdmin, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  // Before the routes of one manifest (:manifestId would take 'drafts').
  router.get(ApiPaths.catalog.manifestDrafts, async (req, res) => {
    res.json((await listWaitingDrafts(pool, parseInput(WaitingDraftsQuery, req.query))) satisfies WaitingDrafts);
  });
  router.post(`${ApiPaths.catalog.manifestDrafts}/:sku/intake`, async (req, res) => {
    const sku = parseInput(Sku, req.params.sku);
    const made = await withTransaction(pool, async (client) => {
      await lockSkus(client, [sku]);
      const productId = (await makeDraftProducts(client, [sku])).get(sku);
      if (productId) {
        await recordAdminAction(client, { service: 'catalog', actor: auditActor(req.principal), action: 'draft.intake-started', target: { type: 'product', id: productId, label: sku }, before: null, after: { sku, productId } });
      }
      return productId;
    });
    const productId = made ?? (await productOfSku(pool, sku));
    if (!productId) throw notFound(`No draft or listing has the sku ${sku}`);
    res.status(made ? 201 : 200).json({ productId, sku } satisfies DraftIntakeStarted);
  });
  router.get(ApiPaths.catalog.manifests, async (_req, res) => {
    res.json({ manifests: (await listManifests(pool, LIST_LIMIT)).map(toManifestSummary) } satisfies ManifestList);
  });
  router.post(ApiPaths.catalog.manifests, readUpload, async (req, res) => {
    const { name } = parseInput(ManifestUploadQuery, req.query);
    const actor = auditActor(req.principal);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const { manifest, duplicate } = await uploadManifest(pool, storage, { bytes, fileName: name || 'pasted manifest', actor });
      res.status(duplicate ? 200 : 201).json({ manifest: toManifestDetail(manifest), duplicate } satisfies ManifestUploaded);
    } catch (err) {
      if (err instanceof ManifestRefused) throw new AppError(err.status, ErrorCodes.validation, err.message);
      throw err;
    }
  });
  router.get(MANIFEST, async (req, res) => {
    res.json(toManifestDetail(await manifestOf(req)) satisfies ManifestDetail);
  });
  router.post(`${MANIFEST}/dry-run`, async (req, res) => {
    const settings = parseInput(ManifestSettings, req.body);
    const { basis: _basis, ...summary } = await dryRun(pool, storage, await manifestOf(req), settings);
    res.json(summary satisfies ManifestDryRun);
  });
  router.post(`${MANIFEST}/import`, async (req, res) => {
    const settings = parseInput(ManifestSettings, req.body);
    const manifest = await manifestOf(req);
    await startImport(pool, storage, auditActor(req.principal), manifest.id, settings);
    kickImports();
    res.status(202).json(toManifestDetail((await findManifest(pool, manifest.id))!) satisfies ManifestDetail);
  });
  router.post(`${MANIFEST}/cancel`, async (req, res) => {
    const manifest = await manifestOf(req);
    const cancelled = await withTransaction(pool, async (client) => {
      if (!(await requestCancel(client, manifest.id))) return false;
      await auditManifest(client, auditActor(req.principal), manifest, 'manifest.import-cancelled', { status: 'importing', rowsDone: manifest.rowsDone }, { status: 'cancelled' });
      return true;
    });
    if (!cancelled) throw conflict(`The manifest is not importing (it is ${manifest.status}).`);
    res.json(toManifestDetail((await findManifest(pool, manifest.id))!) satisfies ManifestDetail);
  });
  router.get(`${MANIFEST}/rows`, async (req, res) => {
    const query = parseInput(ManifestRowsQuery, req.query);
    const manifest = await manifestOf(req);
    res.json(await listRowOutcomes(pool, manifest.id, query));
  });
  return router;
}
