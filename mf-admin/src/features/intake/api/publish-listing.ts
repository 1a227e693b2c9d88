import { ApiPaths, IntakeDetail } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putDetail, useIntakeAction } from './intake-action.js';

/** POST /api/admin/intake/:productId/publish: the draft goes on sale (a listing already on sale stays as it is). */
export async function publishListing(productId: string): Promise<IntakeDetail> {
  return IntakeDetail.parse(await apiJson('POST', ApiPaths.catalog.publish(productId)));
}

export function usePublishListing(productId: string) {
  return useIntakeAction<void, IntakeDetail>(() => publishListing(productId), {
    productId,
    done: 'Published: shoppers see it now',
    failed: "Couldn't publish the listing",
    apply: putDetail(productId),
  });
}
