import type { InspectionReport, InventoryLevel, Product, ProductPhoto, Variant } from '@pl/contracts';
import { centsToDecimal, PHOTO_MEDIA_PATH } from '@pl/contracts';

/** A photo as products.photos keeps it (migration 010); its files are in object storage under photos/. */
export interface StoredPhoto {
  id: string;
  alt: string;
  /** The largest size's dimensions, upright. */
  width: number;
  height: number;
  placeholder: string;
  /** Names the files: photos/<hash>-<width>.<jpg|webp>. */
  hash: string;
  widths: number[];
  cover: boolean;
  /** The upload as it came (EXIF and all): kept privately, never served. */
  originalKey: string;
  originalType: string;
  createdAt: string;
}

/** The width a photo's plain `src` is: 640, or the largest below when the photo is narrower. */
const SRC_WIDTH = 640;

/** Where one size of a photo is served (under the gateway's origin). */
export const photoFileUrl = (photo: Pick<StoredPhoto, 'hash'>, width: number, format: 'jpg' | 'webp'): string => `${PHOTO_MEDIA_PATH}/${photo.hash}-${width}.${format}`;

export function toProductPhoto(photo: StoredPhoto): ProductPhoto {
  const url = (width: number, format: 'jpg' | 'webp') => photoFileUrl(photo, width, format);
  const srcset = (format: 'jpg' | 'webp') => photo.widths.map((w) => `${url(w, format)} ${w}w`).join(', ');
  const srcWidth = photo.widths.filter((w) => w <= SRC_WIDTH).at(-1) ?? photo.widths[0]!;
  return {
    id: photo.id,
    alt: photo.alt,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    src: url(srcWidth, 'jpg'),
    srcset: srcset('jpg'),
    webpSrcset: srcset('webp'),
    cover: photo.cover,
  };
}

/** The photos' `src`, the cover first: a product's `images` once it has photos (cards, cart lines, previews). */
export function photoImages(photos: readonly StoredPhoto[]): string[] {
  const cover = photos.find((p) => p.cover);
  return [...(cover ? [cover] : []), ...photos.filter((p) => p !== cover)].map((p) => toProductPhoto(p).src);
}

/** A product as the catalog stores it (cents, category id); db/ returns these. */
export interface ProductRecord {
  id: string;
  title: string;
  brand: string | null;
  description: string | null;
  conditionGrade: string;
  conditionNotes: string | null;
  oneOfAKind: boolean;
  categoryId: string;
  images: string[];
  /** The shop's photos of the unit (a list's read carries only the cover); absent: none. */
  photos?: StoredPhoto[];
  inspection?: InspectionReport | null;
  /** When it went on sale; null: a draft, which only admins see (decision 055). */
  publishedAt?: string | null;
  variants: VariantRecord[];
}

export interface VariantRecord {
  id: string;
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  levels: InventoryLevel[];
  /** When the last active hold on the variant ends (ISO); null or absent when none. */
  reservedUntil?: string | null;
}

export interface StockTotals {
  onHand: number;
  reserved: number;
  /** Σ max(0, onHand − reserved): a location with more reserved than on hand cannot lend stock to another. */
  available: number;
}

export function stockTotals(levels: readonly InventoryLevel[]): StockTotals {
  return levels.reduce(
    (t, l) => ({ onHand: t.onHand + l.onHand, reserved: t.reserved + l.reserved, available: t.available + Math.max(0, l.onHand - l.reserved) }),
    { onHand: 0, reserved: 0, available: 0 },
  );
}

export function toVariant(v: VariantRecord): Variant {
  const totals = stockTotals(v.levels);
  return {
    id: v.id,
    sku: v.sku,
    price: centsToDecimal(v.priceCents),
    compareAtPrice: v.compareAtCents === null ? null : centsToDecimal(v.compareAtCents),
    inventoryLevels: v.levels,
    totalOnHand: totals.onHand,
    totalReserved: totals.reserved,
    totalAvailable: totals.available,
    reservedUntil: v.reservedUntil ?? null,
  };
}

/** The wire Product: prices as decimal strings; currentPrice/originalPrice from the cheapest variant. */
export function toProduct(p: ProductRecord): Product {
  const cheapest = p.variants.reduce<VariantRecord | undefined>((best, v) => (best === undefined || v.priceCents < best.priceCents ? v : best), undefined);
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    description: p.description,
    images: p.photos?.length ? photoImages(p.photos) : p.images,
    photos: (p.photos ?? []).map(toProductPhoto),
    inspection: p.inspection ?? null,
    conditionGrade: p.conditionGrade,
    conditionNotes: p.conditionNotes,
    oneOfAKind: p.oneOfAKind,
    category: p.categoryId,
    currentPrice: cheapest ? centsToDecimal(cheapest.priceCents) : null,
    originalPrice: cheapest && cheapest.compareAtCents !== null ? centsToDecimal(cheapest.compareAtCents) : null,
    variants: p.variants.map(toVariant),
  };
}
