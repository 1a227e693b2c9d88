/** Shown when a product has no photo: a neutral placeholder that needs no network. */
export const FALLBACK_PRODUCT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#f1f5f9"/>' +
      '<g fill="none" stroke="#94a3b8" stroke-width="8" stroke-linejoin="round"><path d="M130 110l70-35 70 35v85l-70 35-70-35z"/>' +
      '<path d="M130 110l70 35 70-35M200 145v85"/></g></svg>',
  );

export function productImage(images: readonly string[]): string {
  return images.find((src) => src.trim() !== '') ?? FALLBACK_PRODUCT_IMAGE;
}
