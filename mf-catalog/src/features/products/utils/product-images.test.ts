import { FALLBACK_PRODUCT_IMAGE, productImage, productImages } from './product-images';

describe('product images', () => {
  it('uses the first non-empty image', () => {
    expect(productImage(['', '  ', '/api/media/laptop.svg'])).toBe('/api/media/laptop.svg');
    expect(productImages(['/api/media/a.svg', '', '/api/media/b.svg'])).toEqual(['/api/media/a.svg', '/api/media/b.svg']);
  });

  it("falls back to the catalog's fallback image when the product has none", () => {
    expect(FALLBACK_PRODUCT_IMAGE).toBe('/api/media/fallback-product.svg');
    expect(productImage([])).toBe(FALLBACK_PRODUCT_IMAGE);
    expect(productImages([''])).toEqual([FALLBACK_PRODUCT_IMAGE]);
  });
});
