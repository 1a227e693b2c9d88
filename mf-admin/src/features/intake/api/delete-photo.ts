import { ApiPaths, PhotoList } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putPhotoList, useIntakeAction } from './intake-action.js';

/** DELETE /api/admin/intake/:productId/photos/:photoId: the photo and its files go; deleting the cover makes the next photo the cover. */
export async function deletePhoto(productId: string, photoId: string): Promise<PhotoList> {
  return PhotoList.parse(await apiJson('DELETE', ApiPaths.catalog.photo(productId, photoId)));
}

export function useDeletePhoto(productId: string) {
  return useIntakeAction((photoId: string) => deletePhoto(productId, photoId), {
    productId,
    done: 'Photo deleted',
    failed: "Couldn't delete the photo",
    apply: putPhotoList(productId),
  });
}
