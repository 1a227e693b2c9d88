import { ApiPaths, PhotoList, PhotoPatchInput } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putPhotoList, useIntakeAction } from './intake-action.js';

/** PATCH /api/admin/intake/:productId/photos/:photoId {alt}: the photo's description for those who cannot see it. */
export async function describePhoto(productId: string, photoId: string, alt: string): Promise<PhotoList> {
  return PhotoList.parse(await apiJson('PATCH', ApiPaths.catalog.photo(productId, photoId), PhotoPatchInput.parse({ alt })));
}

export function useDescribePhoto(productId: string) {
  return useIntakeAction(({ photoId, alt }: { photoId: string; alt: string }) => describePhoto(productId, photoId, alt), {
    productId,
    failed: "Couldn't save the photo's description",
    apply: putPhotoList(productId),
  });
}
