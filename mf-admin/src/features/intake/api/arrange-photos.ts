import { ApiPaths, PhotoList, PhotoOrderInput } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putPhotoList, useIntakeAction } from './intake-action.js';

/** PUT /api/admin/intake/:productId/photos {order, coverId}: every photo in its new order, and the cover (409 when the photos changed meanwhile). */
export async function arrangePhotos(productId: string, input: PhotoOrderInput): Promise<PhotoList> {
  return PhotoList.parse(await apiJson('PUT', ApiPaths.catalog.photos(productId), PhotoOrderInput.parse(input)));
}

/** The page shows the new order while it is sent (it says so itself); a refusal reads the listing again. */
export function useArrangePhotos(productId: string) {
  return useIntakeAction((input: PhotoOrderInput) => arrangePhotos(productId, input), {
    productId,
    failed: "Couldn't arrange the photos",
    apply: putPhotoList(productId),
  });
}
