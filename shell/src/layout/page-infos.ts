// What remote pages say of themselves (contracts page-info.ts), loaded after the first view: the
// first page's title and description come in its HTML from the gateway, so only a navigation needs
// them. Imported by its file, not through the package's index, which every first view holds.
export { pageInfoOf } from '@pl/contracts/src/page-info.js';
