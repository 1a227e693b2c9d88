import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Product, ProductPhoto } from '@pl/contracts';
import { cx } from '@pl/ui';
import { indexAfterKey, indexOfPhoto } from '../utils/gallery-index.js';
import { pictureLabel } from '../utils/photo-label.js';
import { productImages } from '../utils/product-images.js';
import { PhotoZoom } from './photo-zoom.js';
import { ProductImage } from './product-image.js';

/**
 * The product page's pictures: the unit's photos (starting at the cover, with thumbnails and a
 * full-screen zoom), or, for a listing not yet photographed, its category's drawing; and under them
 * what they show (this very item, one of the units, or an illustration).
 */
export function ProductGallery({ product }: { product: Pick<Product, 'title' | 'images' | 'photos' | 'oneOfAKind'> }) {
  const label = pictureLabel(product);
  return (
    <div className="cat-gallery">
      {product.photos?.length ? <PhotoGallery photos={product.photos} /> : <IllustrationGallery images={product.images} title={product.title} />}
      <p className="cat-gallery__label" data-picture-kind={label.kind}>
        {label.text}
      </p>
    </div>
  );
}

const photoName = (photos: readonly ProductPhoto[], index: number) => `Photo ${index + 1} of ${photos.length}: ${photos[index]!.alt}`;

function PhotoGallery({ photos }: { photos: readonly ProductPhoto[] }) {
  // The shown photo is kept by id, so a refetch that adds or reorders photos (live) leaves it shown.
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const index = indexOfPhoto(photos, chosenId);
  const photo = photos[index]!;
  const [zoomed, setZoomed] = useState(false);
  const [firstShown] = useState(() => photo.id);
  const mainRef = useRef<HTMLButtonElement>(null);
  const thumbsRef = useRef<HTMLUListElement>(null);
  const hadFocus = useRef(false);

  const show = (next: number) => setChosenId(photos[next]!.id);

  // A refetch that removes the focused thumbnail must not leave focus on <body>: it goes to the large photo.
  const ids = photos.map((p) => p.id).join(' ');
  useEffect(() => {
    if (hadFocus.current && (document.activeElement === document.body || document.activeElement === null)) mainRef.current?.focus();
  }, [ids]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys inside the zoom reach here through the portal's React tree: the zoom handles those itself.
    if (!event.currentTarget.contains(event.target as Node)) return;
    const next = indexAfterKey(event.key, index, photos.length);
    if (next === undefined) return;
    event.preventDefault();
    show(next);
    // On a thumbnail, focus follows the choice (as in a toolbar); on the large photo it stays there.
    if (thumbsRef.current?.contains(event.target as Node)) thumbsRef.current.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div
      className="cat-gallery__photos"
      onKeyDown={onKeyDown}
      onFocus={() => (hadFocus.current = true)}
      onBlur={(event) => (hadFocus.current = event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <button
        ref={mainRef}
        type="button"
        className="cat-gallery__zoom"
        aria-haspopup="dialog"
        aria-label={`Enlarge ${photoName(photos, index).replace(/^P/, 'p')}`}
        onClick={(event) => {
          // Safari does not focus a clicked button: the zoom returns focus to what was focused when it opened.
          event.currentTarget.focus();
          setZoomed(true);
        }}
      >
        <ProductImage
          key={photo.id}
          photo={photo}
          src={photo.src}
          size="gallery"
          alt={photo.alt}
          className="cat-gallery__main"
          // The photo the page opens with is its largest paint; one chosen later is wanted now too.
          loading="eager"
          priority={photo.id === firstShown}
        />
        <span className="cat-gallery__zoom-hint" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4M11 8v6M8 11h6" />
          </svg>
        </span>
      </button>
      {photos.length > 1 && (
        <ul ref={thumbsRef} className="cat-gallery__thumbs" aria-label="Photos">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className={cx('cat-gallery__thumb', i === index && 'cat-gallery__thumb--on')}
                aria-label={photoName(photos, i)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <ProductImage photo={p} src={p.src} size="thumb" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoZoom photos={photos} index={index} onIndexChange={show} open={zoomed} onOpenChange={setZoomed} />
    </div>
  );
}

/** A listing without photos: its drawing(s), as before photos existed; several get thumbnails to switch. */
function IllustrationGallery({ images, title }: { images: readonly string[]; title: string }) {
  const usable = productImages(images);
  const [index, setIndex] = useState(0);
  const current = usable[Math.min(index, usable.length - 1)]!;
  return (
    <>
      <ProductImage src={current} alt={`${title} (illustration)`} priority className="cat-gallery__main" />
      {usable.length > 1 && (
        <ul className="cat-gallery__thumbs" aria-label="Illustrations">
          {usable.map((src, i) => (
            <li key={`${i}-${src}`}>
              <button
                type="button"
                className={cx('cat-gallery__thumb', i === index && 'cat-gallery__thumb--on')}
                aria-label={`Illustration ${i + 1} of ${usable.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
