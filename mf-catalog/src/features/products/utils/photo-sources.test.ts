import { gallerySizesOf, PhotoSizes } from '@pl/contracts';
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

describe("the product page's sizes of a portrait photo", () => {
  it('are the box scaled by how much narrower the photo is drawn in it; a landscape photo fills the box', () => {
    expect(pictureSources(buildPhoto({ width: 1280, height: 960 }), 'gallery').webp.sizes).toBe(PhotoSizes.gallery);
    expect(pictureSources(buildPhoto({ width: 2048, height: 1024 }), 'gallery').webp.sizes).toBe(PhotoSizes.gallery);
    // 3:4 in a 4:3 box: drawn at 0.5625 of its width.
    expect(gallerySizesOf({ width: 960, height: 1280 })).toBe(
      '(min-width: 1280px) calc((37rem) * 0.563), (min-width: 900px) calc((50vw - 3rem) * 0.563), calc((100vw - 2rem) * 0.563)',
    );
    expect(pictureSources(buildPhoto({ width: 960, height: 1280 }), 'gallery').jpeg.sizes).toBe(gallerySizesOf({ width: 960, height: 1280 }));
    expect(pictureSources(buildPhoto({ width: 960, height: 1280 }), 'card').jpeg.sizes).toBe(PhotoSizes.card);
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
