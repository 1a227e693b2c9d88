// What the benchmark needs from the catalog's TypeScript source, bundled for one run by bench/run.mjs.
export { generateProducts } from '../services/catalog/test/support/bulk-generate.js';
export { createPool } from '@pl/service-kit';
