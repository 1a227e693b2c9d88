// The intake desk's rules: an inspection against its category's checklist, photos added, ordered
// and removed so that a listing's photo list and the files behind it never disagree. The files go
// to object storage before the row names them and leave it after the row stops naming them, so a
// failed upload leaves nothing a page could show, and a reader never meets a missing file.
import { randomUUID } from 'node:crypto';
import {
  checklistOf,
  ErrorCodes,
  INSPECTOR_FALLBACK_NAME,
  MAX_PHOTOS_PER_PRODUCT,
  Subjects,
  type AuditActor,
  type ChecklistAnswer,
  type ChecklistItem,
  type InspectionInput,
  type ProductUpdatedData,
} from '@pl/contracts';
import { AppError, conflict, notFound, recordAdminAction, withTransaction, writeOutbox, type Pool } from '@pl/service-kit';
import type pg from 'pg';
import { acceptPosCondition as takePosCondition, listingPhotos, lockListing, publishDraft, recordInspection, setPhotos, type LockedListing } from '../db/intake.repo.js';
import { photoFileName, PhotoRejected, processPhoto } from '../photos/photo-pipeline.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { recordInventoryUpdatedMany } from './inventory-events.js';
import type { StoredPhoto } from './product-view.js';

/** Version 2 names its listings in a list (decision 062). */
export const PRODUCT_UPDATED = { type: 'product.updated', version: 2 } as const;

/** Where a photo's served files and its private original live in object storage. */
export const photoKey = (file: string) => `photos/${file}`;
const originalKey = (photoId: string) => `originals/${photoId}`;

/**
 * The desk's audit entry (decision 051), in the transaction of the change. Photos are named by id,
 * alt text and cover: their files and sizes say nothing a reader of the log needs.
 */
function audit(client: pg.PoolClient, actor: AuditActor, listing: Pick<LockedListing, 'id' | 'title'>, action: string, before: unknown, after: unknown) {
  return recordAdminAction(client, { service: 'catalog', actor, action, target: { type: 'product', id: listing.id, label: listing.title }, before, after });
}
const photoSummary = (photo: StoredPhoto | undefined) => photo && { id: photo.id, alt: photo.alt, cover: photo.cover };
const photoOrder = (photos: readonly StoredPhoto[]) => ({ order: photos.map((p) => p.id), coverId: photos.find((p) => p.cover)?.id ?? null });

/** product.updated for one listing the desk changed. */
async function announce(client: pg.PoolClient, { productId, what }: { productId: string; what: ProductUpdatedData['what'] }): Promise<void> {
  const data: ProductUpdatedData = { productIds: [productId], what };
  await writeOutbox(client, { subject: Subjects.productUpdated(productId), ...PRODUCT_UPDATED, data });
}

/** 'Tested: powers on, screen, Wi-Fi; battery health 89%; includes charger', from a checklist's answers. */
export function inspectionSummary(checklist: readonly ChecklistItem[], answers: Readonly<Record<string, ChecklistAnswer>>): string {
  const passed: string[] = [];
  const failed: string[] = [];
  const notes: string[] = [];
  for (const item of checklist) {
    const answer = answers[item.key];
    if (answer === undefined || answer === '') continue;
    if (item.kind === 'check') {
      if (answer === 'pass') passed.push(item.report);
      else if (answer === 'fail') failed.push(item.report);
    } else if (item.kind === 'percent') notes.push(`${item.report} ${String(answer)}%`);
    else notes.push(item.report === 'includes' ? `includes ${String(answer)}` : `${item.report}: ${String(answer)}`);
  }
  const parts = [passed.length > 0 ? `Tested: ${passed.join(', ')}` : '', failed.length > 0 ? `Not working: ${failed.join(', ')}` : '', ...notes].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'Checked and graded by hand';
}

/** The answers as the checklist of `categoryId` takes them; anything else is a 400 naming the answer. */
export function checkAnswers(categoryId: string, answers: Readonly<Record<string, ChecklistAnswer>>): readonly ChecklistItem[] {
  const checklist = checklistOf(categoryId);
  const byKey = new Map(checklist.map((item) => [item.key, item]));
  for (const [key, answer] of Object.entries(answers)) {
    const item = byKey.get(key);
    if (!item) throw new AppError(400, ErrorCodes.validation, `answers.${key}: not on the ${categoryId} checklist`);
    const fits = item.kind === 'check' ? answer === 'pass' || answer === 'fail' || answer === 'na' : item.kind === 'percent' ? typeof answer === 'number' : typeof answer === 'string';
    if (!fits) throw new AppError(400, ErrorCodes.validation, `answers.${key}: ${item.kind === 'check' ? "'pass', 'fail' or 'na'" : item.kind === 'percent' ? 'a whole number from 0 to 100' : 'text'}`);
  }
  return checklist;
}

/** Records an inspection: it becomes the listing's grade, notes and report; earlier ones stay in the history. */
export async function inspect(pool: Pool, productId: string, inspector: AuditActor, input: InspectionInput): Promise<void> {
  await withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    const checklist = checkAnswers(listing.categoryId, input.answers);
    await recordInspection(client, {
      productId,
      inspectorSubject: inspector.subject,
      inspectorName: input.inspectorName || INSPECTOR_FALLBACK_NAME,
      categoryId: listing.categoryId,
      answers: input.answers,
      grade: input.grade,
      notes: input.notes ?? null,
      summary: inspectionSummary(checklist, input.answers),
    });
    const after = { grade: input.grade, notes: input.notes ?? null, inspectorName: input.inspectorName || INSPECTOR_FALLBACK_NAME, answers: input.answers };
    await audit(client, inspector, listing, 'inspection.saved', { grade: listing.conditionGrade, notes: listing.conditionNotes }, after);
    await announce(client, { productId, what: 'inspection' });
  });
}

/**
 * Puts a draft on sale: shoppers see it from this commit on (decision 055). Open pages learn of it
 * live: product.updated ('published') makes shoppers' lists refetch, and inventory.updated for each
 * of its variants is what every open list and count, and the cart's memo of refused skus, already
 * follow. Publishing a listing already on sale changes nothing and announces nothing.
 */
export async function publish(pool: Pool, actor: AuditActor, productId: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    const variants = await publishDraft(client, productId);
    if (!variants) return;
    await announce(client, { productId, what: 'published' });
    await recordInventoryUpdatedMany(client, variants);
    await audit(client, actor, listing, 'listing.published', { published: false }, { published: true });
  });
}

const tooMany = () => conflict(`A listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos: delete one first.`);

export interface PhotoDeps {
  pool: Pool;
  storage: ObjectStorage;
}

/**
 * Adds a photo at the end of the listing's photos (the first becomes the cover). Its files are
 * stored before the row names them; when the row cannot take the photo (deleted listing, twelve
 * photos by now) they are removed again.
 */
export async function addPhoto({ pool, storage }: PhotoDeps, actor: AuditActor, productId: string, upload: { bytes: Buffer; contentType: string; alt?: string }): Promise<StoredPhoto[]> {
  const before = await listingPhotos(pool, productId);
  if (!before) throw notFound('Product not found');
  if (before.photos.length >= MAX_PHOTOS_PER_PRODUCT) throw tooMany();
  const id = randomUUID();
  let processed;
  try {
    processed = await processPhoto(upload.bytes, id);
  } catch (err) {
    if (err instanceof PhotoRejected) {
      throw new AppError(err.reason === 'not_an_image' ? 415 : 422, ErrorCodes.validation, err.message);
    }
    throw err;
  }
  const files = processed.files.map((f) => ({ key: photoKey(photoFileName(processed.hash, f.width, f.format)), body: f.body, type: f.format === 'jpg' ? 'image/jpeg' : 'image/webp' }));
  const keys = [...files.map((f) => f.key), originalKey(id)];
  try {
    await Promise.all([...files.map((f) => storage.put(f.key, f.body, f.type)), storage.put(originalKey(id), upload.bytes, upload.contentType)]);
    return await withTransaction(pool, async (client) => {
      const listing = await lockListing(client, productId);
      if (!listing) throw notFound('Product not found');
      if (listing.photos.length >= MAX_PHOTOS_PER_PRODUCT) throw tooMany();
      const photo: StoredPhoto = {
        id,
        alt: upload.alt || `${listing.title}, photo ${listing.photos.length + 1}`,
        width: processed.width,
        height: processed.height,
        placeholder: processed.placeholder,
        hash: processed.hash,
        widths: processed.widths,
        cover: listing.photos.length === 0,
        originalKey: originalKey(id),
        originalType: upload.contentType,
        createdAt: new Date().toISOString(),
      };
      const photos = [...listing.photos, photo];
      await setPhotos(client, productId, photos);
      await audit(client, actor, listing, 'photo.added', null, { ...photoSummary(photo), position: photos.length });
      await announce(client, { productId, what: 'photos' });
      return photos;
    });
  } catch (err) {
    await storage.delete(keys).catch(() => undefined);
    throw err;
  }
}

/** The photos in a new order (every photo named once) and, when given, a new cover. */
export async function arrangePhotos(pool: Pool, actor: AuditActor, productId: string, order: readonly string[], coverId?: string): Promise<StoredPhoto[]> {
  return withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    const byId = new Map(listing.photos.map((p) => [p.id, p]));
    if (order.length !== byId.size || new Set(order).size !== order.length || !order.every((id) => byId.has(id))) {
      throw conflict('The photos changed meanwhile: reload the listing and arrange them again.');
    }
    if (coverId !== undefined && !byId.has(coverId)) throw conflict('That photo is no longer on the listing: reload it.');
    const cover = coverId ?? listing.photos.find((p) => p.cover)?.id ?? order[0];
    const photos = order.map((id) => ({ ...byId.get(id)!, cover: id === cover }));
    await setPhotos(client, productId, photos);
    await audit(client, actor, listing, 'photo.reordered', photoOrder(listing.photos), photoOrder(photos));
    await announce(client, { productId, what: 'photos' });
    return photos;
  });
}

export async function describePhoto(pool: Pool, actor: AuditActor, productId: string, photoId: string, alt: string): Promise<StoredPhoto[]> {
  return withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    if (!listing.photos.some((p) => p.id === photoId)) throw notFound('Photo not found');
    const photos = listing.photos.map((p) => (p.id === photoId ? { ...p, alt } : p));
    await setPhotos(client, productId, photos);
    await audit(client, actor, listing, 'photo.described', photoSummary(listing.photos.find((p) => p.id === photoId)), photoSummary(photos.find((p) => p.id === photoId)));
    await announce(client, { productId, what: 'photos' });
    return photos;
  });
}

/** Removes a photo; its files leave storage once the listing no longer names them. Deleting the cover makes the next photo the cover. */
export async function deletePhoto({ pool, storage }: PhotoDeps, actor: AuditActor, productId: string, photoId: string): Promise<StoredPhoto[]> {
  let removed: StoredPhoto | undefined;
  const photos = await withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    removed = listing.photos.find((p) => p.id === photoId);
    if (!removed) throw notFound('Photo not found');
    const rest = listing.photos.filter((p) => p.id !== photoId);
    const next = removed.cover && rest.length > 0 ? rest.map((p, i) => ({ ...p, cover: i === 0 })) : rest;
    await setPhotos(client, productId, next);
    await audit(client, actor, listing, 'photo.deleted', photoSummary(removed), null);
    await announce(client, { productId, what: 'photos' });
    return next;
  });
  const gone = removed!;
  const keys = gone.widths.flatMap((w) => [photoKey(photoFileName(gone.hash, w, 'jpg')), photoKey(photoFileName(gone.hash, w, 'webp'))]);
  // The listing no longer names them: a file left behind by a storage hiccup is unreachable (its
  // name held a random id) and only costs space, so the answer is the listing's, not a 500.
  await storage.delete([...keys, gone.originalKey]).catch(() => undefined);
  return photos;
}

/**
 * The inspector takes the grade and notes the POS sent (decision 048). False when the POS has
 * nothing other to offer; a 404 when there is no such listing.
 */
export async function acceptPosCondition(pool: Pool, actor: AuditActor, productId: string): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const listing = await lockListing(client, productId);
    if (!listing) throw notFound('Product not found');
    const accepted = await takePosCondition(client, productId);
    if (!accepted) return false;
    await audit(client, actor, listing, 'pos-condition.accepted', { grade: listing.conditionGrade, notes: listing.conditionNotes }, accepted);
    return true;
  });
}
