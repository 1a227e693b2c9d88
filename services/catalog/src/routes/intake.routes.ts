import express, { Router, type Request } from 'express';
import {
  ApiPaths,
  ErrorCodes,
  InspectionInput,
  IntakeListQuery,
  MAX_PHOTO_UPLOAD_BYTES,
  PHOTO_ALT_MAX,
  PHOTO_UPLOAD_TYPES,
  PhotoOrderInput,
  PhotoPatchInput,
  type IntakeDetail,
  type IntakeList,
  type PhotoList,
} from '@pl/contracts';
import { AppError, auditActor, notFound, parseInput, requireAdmin, type Pool } from '@pl/service-kit';
import { z } from 'zod';
import { intakeCounts, listInspections, listIntake, pendingPosCondition } from '../db/intake.repo.js';
import { findProductForAdmin } from '../db/products.repo.js';
import { acceptPosCondition, addPhoto, arrangePhotos, deletePhoto, describePhoto, inspect, publish } from '../domain/intake.js';
import { toProduct, toProductPhoto, type StoredPhoto } from '../domain/product-view.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export interface IntakeRoutesOptions {
  storage: ObjectStorage;
  /** An inspection older than this many days puts its listing in the 'stale' queue. */
  staleDays: number;
}

/** Express paths of one listing at the desk (ApiPaths.catalog.intakeDetail and the paths under it). */
const LISTING = `${ApiPaths.catalog.intake}/:productId`;
const ProductId = z.string().uuid('not a product id');
const PhotoId = z.string().uuid('not a photo id');
const UploadQuery = z.strictObject({ alt: z.string().trim().max(PHOTO_ALT_MAX).optional() });
const UPLOAD_TYPES = new Set<string>(PHOTO_UPLOAD_TYPES);

const productIdOf = (req: Request) => parseInput(ProductId, req.params.productId);
const photosAnswer = (photos: readonly StoredPhoto[]): PhotoList => ({ photos: photos.map(toProductPhoto) });

/**
 * The photo's bytes, read whole (at most MAX_PHOTO_UPLOAD_BYTES): a body cut short of its
 * Content-Length is a 400 from the parser, a larger one a 413, before anything is processed.
 */
const readUpload = express.raw({ type: () => true, limit: MAX_PHOTO_UPLOAD_BYTES });

/** The intake desk (admins only): the work queue, inspections, the listing's photos, and publishing a draft. */
export function intakeRoutes(pool: Pool, options: IntakeRoutesOptions): Router {
  const { storage, staleDays } = options;
  const detail = async (productId: string): Promise<IntakeDetail> => {
    const record = await findProductForAdmin(pool, productId);
    if (!record) throw notFound('Product not found');
    const [inspections, posCondition] = await Promise.all([listInspections(pool, productId), pendingPosCondition(pool, productId)]);
    return { product: toProduct(record), publishedAt: record.publishedAt ?? null, inspections, posCondition };
  };
  const router = Router();
  router.use(ApiPaths.catalog.intake, requireAdmin, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  router.get(ApiPaths.catalog.intake, async (req, res) => {
    const { entries, total } = await listIntake(pool, parseInput(IntakeListQuery, req.query), staleDays);
    res.json({ entries: entries.map((e) => ({ ...e, cover: e.cover && toProductPhoto(e.cover) })), total } satisfies IntakeList);
  });
  router.get(ApiPaths.catalog.intakeCounts, async (_req, res) => {
    res.json(await intakeCounts(pool, staleDays));
  });
  router.get(LISTING, async (req, res) => {
    res.json(await detail(productIdOf(req)));
  });
  router.post(`${LISTING}/inspections`, async (req, res) => {
    const productId = productIdOf(req);
    const input = parseInput(InspectionInput, req.body);
    await inspect(pool, productId, auditActor(req.principal), input);
    res.status(201).json(await detail(productId));
  });
  router.post(`${LISTING}/accept-pos-condition`, async (req, res) => {
    const productId = productIdOf(req);
    if (!(await acceptPosCondition(pool, auditActor(req.principal), productId))) {
      throw new AppError(409, ErrorCodes.conflict, 'The POS has no other grade for this listing.');
    }
    res.json(await detail(productId));
  });
  router.post(`${LISTING}/publish`, async (req, res) => {
    const productId = productIdOf(req);
    await publish(pool, auditActor(req.principal), productId);
    res.json(await detail(productId));
  });
  router.post(`${LISTING}/photos`, async (req, res, next) => {
    const productId = productIdOf(req);
    const { alt } = parseInput(UploadQuery, req.query);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!UPLOAD_TYPES.has(type)) {
      throw new AppError(415, ErrorCodes.validation, 'Upload a photo: a JPEG, PNG, WebP, HEIC or AVIF image.');
    }
    readUpload(req, res, (err?: unknown) => {
      if (err) return next(uploadError(err));
      const bytes = req.body as unknown;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return next(new AppError(400, ErrorCodes.validation, 'The upload was empty: choose the photo again.'));
      addPhoto({ pool, storage }, auditActor(req.principal), productId, { bytes, contentType: type, alt })
        .then((photos) => res.status(201).json(photosAnswer(photos)))
        .catch(next);
    });
  });
  router.put(`${LISTING}/photos`, async (req, res) => {
    const productId = productIdOf(req);
    const { order, coverId } = parseInput(PhotoOrderInput, req.body);
    res.json(photosAnswer(await arrangePhotos(pool, auditActor(req.principal), productId, order, coverId)));
  });
  router.patch(`${LISTING}/photos/:photoId`, async (req, res) => {
    const productId = productIdOf(req);
    const photoId = parseInput(PhotoId, req.params.photoId);
    const { alt } = parseInput(PhotoPatchInput, req.body);
    res.json(photosAnswer(await describePhoto(pool, auditActor(req.principal), productId, photoId, alt)));
  });
  router.delete(`${LISTING}/photos/:photoId`, async (req, res) => {
    const productId = productIdOf(req);
    const photoId = parseInput(PhotoId, req.params.photoId);
    res.json(photosAnswer(await deletePhoto({ pool, storage }, auditActor(req.principal), productId, photoId)));
  });
  return router;
}

/** body-parser's errors as the shop's: too large, cut short, or unreadable. */
function uploadError(err: unknown): AppError {
  const type = (err as { type?: string }).type;
  if (type === 'entity.too.large') {
    return new AppError(413, ErrorCodes.payloadTooLarge, `The photo is too large: at most ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB.`);
  }
  if (type === 'request.aborted' || type === 'request.size.invalid') {
    return new AppError(400, ErrorCodes.badRequest, 'The upload was cut short: try again.');
  }
  return new AppError(400, ErrorCodes.badRequest, 'The upload could not be read: try again.');
}
