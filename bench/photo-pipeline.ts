// What the photo rows need from the catalog's TypeScript source, bundled for one run by bench/run.mjs.
export { processPhoto, photoFileName } from '../services/catalog/src/photos/photo-pipeline.js';
export { createFilesystemStorage } from '../services/catalog/src/storage/filesystem-storage.js';
export { photoKey } from '../services/catalog/src/domain/intake.js';
