import { useState } from 'react';
import { cx } from '@pl/ui';
import { productImages } from '../utils/product-images.js';
import { ProductImage } from './product-image.js';

/** The product page's photos: a large one and, when there are several, thumbnails to switch between them. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const usable = productImages(images);
  const [index, setIndex] = useState(0);
  const current = usable[Math.min(index, usable.length - 1)]!;
  return (
    <div className="cat-gallery">
      <ProductImage src={current} alt={title} priority className="cat-gallery__main" />
      {usable.length > 1 && (
        <ul className="cat-gallery__thumbs" aria-label="Photos">
          {usable.map((src, i) => (
            <li key={`${i}-${src}`}>
              <button
                type="button"
                className={cx('cat-gallery__thumb', i === index && 'cat-gallery__thumb--on')}
                aria-label={`Photo ${i + 1} of ${usable.length}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
