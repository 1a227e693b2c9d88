// What a product is shown with: the rule is the catalogue's contract, because the gateway names
// the first view's lead image in the page's answer and must pick the one this remote shows.
export { FALLBACK_PRODUCT_IMAGE, productImages, leadImageOf as productImage } from '@pl/contracts';
