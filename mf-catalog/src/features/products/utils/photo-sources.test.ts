import { PhotoSizes } from '@pl/contracts';
import { buildPhoto } from '../testing/build-product';
import { coverPhotoOf, PhotoSize, pictureSources } from './photo-sources';

describe('the sources of a photo', () => {
  it('offers the WebP sizes first and the JPEG sizes with the 640-wide JPEG as the fallback, at the size it is shown', () => {
    const photo = buildPhoto({ id: 'abc' });
    expect(pictureSources(photo, 'gallery')).toEqual({
      webp: { srcSet: '/api/media/photos/abc-320.webp 320w, /api/media/photos/abc-640.webp 640w, /api/media/photos/abc-1280.webp 1280w', sizes: PhotoSizes.gallery },
      jpeg: {
        srcSet: '/api/media/photos/abc-320.jpg 320w, /api/media/photos/abc-640.jpg 640w, /api/media/photos/abc-1280.jpg 1280w',
        sizes: PhotoSizes.gallery,
        src: '/api/media/photos/abc-640.jpg',
      },
    });
  });

  it("gives cards and the product page the catalogue's sizes (the gateway preloads with them), thumbnails and the zoom their own", () => {
    expect(pictureSources(buildPhoto(), 'card').jpeg.sizes).toBe(PhotoSizes.card);
    expect(PhotoSize.thumb).toBe('4.5rem');
    expect(PhotoSize.zoom).toBe('100vw');
    // Every `sizes` ends in a length for the narrowest screens (a phone: the page's width less its padding).
    expect(PhotoSizes.card.endsWith('calc(100vw - 2rem)')).toBe(true);
    expect(PhotoSizes.gallery.endsWith('calc(100vw - 2rem)')).toBe(true);
  });
});

describe('the cover photo', () => {
  it('is the one the inspector chose, else the first, and none without photos', () => {
    const [a, b] = [buildPhoto({ id: 'a' }), buildPhoto({ id: 'b', cover: true })];
    expect(coverPhotoOf([a, b])).toBe(b);
    expect(coverPhotoOf([a, { ...b, cover: false }])).toBe(a);
    expect(coverPhotoOf([])).toBeUndefined();
    expect(coverPhotoOf(undefined)).toBeUndefined();
  });
});
