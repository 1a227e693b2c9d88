import { FALLBACK_PRODUCT_IMAGE } from '@pl/contracts';

export { FALLBACK_PRODUCT_IMAGE };

/** The product's images that can be shown (blank entries dropped); the fallback image when none is left. */
export function productImages(images: readonly string[]): string[] {
  const usable = images.map((src) => src.trim()).filter((src) => src !== '');
  return usable.length > 0 ? usable : [FALLBACK_PRODUCT_IMAGE];
}

/** The image a card shows: the first usable one, or the fallback. */
export function productImage(images: readonly string[]): string {
  return productImages(images)[0]!;
}
