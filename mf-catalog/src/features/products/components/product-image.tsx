import { useState, type CSSProperties } from 'react';
import type { ProductPhoto } from '@pl/contracts';
import { cx } from '@pl/ui';
import { FALLBACK_PRODUCT_IMAGE } from '../utils/product-images.js';
import { pictureSources, type PhotoSizeName } from '../utils/photo-sources.js';

export interface ProductImageProps {
  /** An image without sizes of its own (a category's drawing): shown as it is. */
  src: string;
  /** A photo of the unit: shown with its WebP and JPEG sizes, its blurred placeholder while it loads. Its `src` wins over `src`. */
  photo?: ProductPhoto;
  /** Where the photo is shown (its `sizes`); only with `photo`. */
  size?: PhotoSizeName;
  alt: string;
  className?: string;
  /** 'lazy' for grids (most cards start below the fold); the product page's main image loads at once. */
  loading?: 'lazy' | 'eager';
  /** The page's largest image at first view (its LCP): fetched before anything else the page finds. */
  priority?: boolean;
}

/**
 * A product picture that never shows a broken image: one that fails to load is replaced by the
 * catalog's fallback image, and if even that fails (catalog down) by a drawn placeholder.
 * The box keeps its size throughout (a photo's own width and height, a drawing's 4:3), so nothing
 * around it moves; a photo shows its tiny blurred placeholder until it has loaded.
 */
export function ProductImage({ src, photo, size = 'card', alt, className, loading = 'lazy', priority = false }: ProductImageProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [loaded, setLoaded] = useState<string | null>(null);
  const own = photo?.src ?? src;
  const shown = !failed.has(own) ? own : !failed.has(FALLBACK_PRODUCT_IMAGE) ? FALLBACK_PRODUCT_IMAGE : undefined;
  if (!shown) {
    return (
      <div className={cx('cat-image-missing', className)} role="img" aria-label={alt || 'No photo'}>
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 3 4 7v10l8 4 8-4V7z" />
          <path d="m4 7 8 4 8-4M12 11v10" />
        </svg>
      </div>
    );
  }
  const common = {
    className,
    alt,
    loading: priority ? 'eager' : loading,
    fetchPriority: priority ? 'high' : undefined,
    decoding: priority ? 'sync' : 'async',
    onError: () => setFailed((prev) => new Set(prev).add(shown)),
  } as const;
  if (!photo || shown !== photo.src) return <img {...common} src={shown} width={400} height={300} />;

  const sources = pictureSources(photo, size);
  // The blur-up: the placeholder is the image's own background until the photo is drawn over it.
  const blur: CSSProperties | undefined = loaded === photo.src ? undefined : { backgroundImage: `url("${photo.placeholder.replace(/["\\]/g, encodeURIComponent)}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  return (
    <picture className="cat-picture">
      <source type="image/webp" srcSet={sources.webp.srcSet} sizes={sources.webp.sizes} />
      <img
        {...common}
        src={sources.jpeg.src}
        srcSet={sources.jpeg.srcSet}
        sizes={sources.jpeg.sizes}
        width={photo.width}
        height={photo.height}
        style={blur}
        onLoad={() => setLoaded(photo.src)}
        // A photo already in the cache may be complete before React listens for its load.
        ref={(img) => {
          if (img?.complete && img.naturalWidth > 0 && loaded !== photo.src) setLoaded(photo.src);
        }}
      />
    </picture>
  );
}
