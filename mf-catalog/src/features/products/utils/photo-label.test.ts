import { buildPhoto, buildProduct } from '../testing/build-product';
import { pictureLabel } from './photo-label';

describe('what the pictures of a listing are said to be', () => {
  it('says the photos of a one-of-a-kind item show this exact item', () => {
    expect(pictureLabel(buildProduct({ oneOfAKind: true, photos: [buildPhoto({ cover: true })] }))).toEqual({ kind: 'exact-item', text: 'Photos of this exact item' });
  });

  it('says the photos of a listing of several units show one of them', () => {
    const label = pictureLabel(buildProduct({ oneOfAKind: false, photos: [buildPhoto({ cover: true })] }));
    expect(label.kind).toBe('one-of-the-units');
    expect(label.text).toMatch(/^Photos show one of the units/);
  });

  it('calls the drawing of a listing without photos an illustration, one-of-a-kind or not', () => {
    for (const oneOfAKind of [true, false]) {
      for (const photos of [undefined, []]) {
        expect(pictureLabel(buildProduct({ oneOfAKind, images: ['/api/media/laptop.svg'], photos }))).toEqual({ kind: 'illustration', text: 'Illustration, not a photo of the item' });
      }
    }
  });
});
