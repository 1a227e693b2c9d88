import { useState } from 'react';
import { cx } from '@pl/ui';
import { FALLBACK_PRODUCT_IMAGE } from '../utils/product-images.js';

export interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  /** 'lazy' for grids (most cards start below the fold); the product page's main image loads at once. */
  loading?: 'lazy' | 'eager';
  /** The page's largest image at first view (its LCP): fetched before anything else the page finds. */
  priority?: boolean;
}

/**
 * A product photo that never shows a broken image: a photo that fails to load is replaced by the
 * catalog's fallback image, and if even that fails (catalog down) by a drawn placeholder.
 * The box keeps its size throughout, so nothing around it moves.
 */
export function ProductImage({ src, alt, className, loading = 'lazy', priority = false }: ProductImageProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = !failed.has(src) ? src : !failed.has(FALLBACK_PRODUCT_IMAGE) ? FALLBACK_PRODUCT_IMAGE : undefined;
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
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      width={400}
      height={300}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed((prev) => new Set(prev).add(shown))}
    />
  );
}
