import { gallerySizesOf, PhotoSizes, type ProductPhoto } from '@pl/contracts';

/**
 * Every `sizes` a photo is shown at. The card's and the product page's are the catalogue's
 * contract (the gateway preloads the lead image with them); thumbnails and the zoom are this page's own.
 */
export const PhotoSize = {
  ...PhotoSizes,
  /** .cat-gallery__thumb: 4.5rem wide. */
  thumb: '4.5rem',
  /** The full-screen zoom: the whole width, at most. */
  zoom: '100vw',
} as const;
export type PhotoSizeName = keyof typeof PhotoSize;

export interface PictureSources {
  /** For <source type="image/webp">. */
  webp: { srcSet: string; sizes: string };
  /** For the <img>: JPEG sizes, and the 640-wide JPEG for a browser without srcset. */
  jpeg: { srcSet: string; sizes: string; src: string };
}

/** The <picture> of a photo shown at `size`: WebP first, JPEG as its fallback. */
export function pictureSources(photo: Pick<ProductPhoto, 'src' | 'srcset' | 'webpSrcset' | 'width' | 'height'>, size: PhotoSizeName): PictureSources {
  // The product page's box shows a portrait photo narrower than itself: its sizes say how much.
  const sizes = size === 'gallery' ? gallerySizesOf(photo) : PhotoSize[size];
  return { webp: { srcSet: photo.webpSrcset, sizes }, jpeg: { srcSet: photo.srcset, sizes, src: photo.src } };
}

/** The cover photo (the inspector's choice), else the first; undefined for a listing without photos. */
export function coverPhotoOf<P extends Pick<ProductPhoto, 'cover'>>(photos: readonly P[] | undefined): P | undefined {
  return photos?.find((p) => p.cover) ?? photos?.[0];
}
