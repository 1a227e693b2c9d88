import { ApiPaths, PhotoList } from '@pl/contracts';
import { uploadWithProgress, type Upload } from '../../../shared/api/upload-with-progress.js';

export type PhotoUpload = Upload<PhotoList>;

/** POST /api/admin/intake/:productId/photos?alt=: the image file's own bytes, with its type, reporting how much has gone. */
export function uploadPhoto(productId: string, file: Blob, contentType: string, onProgress: (loaded: number, total: number) => void, alt?: string): PhotoUpload {
  const query = alt ? `?${new URLSearchParams({ alt })}` : '';
  return uploadWithProgress(`${ApiPaths.catalog.photos(productId)}${query}`, file, contentType, onProgress, (answer) => PhotoList.parse(answer));
}
