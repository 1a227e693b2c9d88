import type { Product } from '@pl/contracts';

export type PictureKind = 'exact-item' | 'one-of-the-units' | 'illustration';

/**
 * What the pictures of a listing are, said under them: a one-of-a-kind item's photos show the very
 * unit the shopper buys; a listing of several units shows one of them; without photos the picture
 * is the category's drawing, and must not pass for the item.
 */
export function pictureLabel(product: Pick<Product, 'oneOfAKind' | 'photos'>): { kind: PictureKind; text: string } {
  if (!product.photos?.length) return { kind: 'illustration', text: 'Illustration, not a photo of the item' };
  if (product.oneOfAKind) return { kind: 'exact-item', text: 'Photos of this exact item' };
  return { kind: 'one-of-the-units', text: 'Photos show one of the units, not necessarily yours (same condition grade)' };
}
