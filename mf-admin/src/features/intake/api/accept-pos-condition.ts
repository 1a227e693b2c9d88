import { ApiPaths, IntakeDetail } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putDetail, useIntakeAction } from './intake-action.js';

/** POST /api/admin/intake/:productId/accept-pos-condition: the grade and notes the POS sent become the listing's (409 when there is none waiting). */
export async function acceptPosCondition(productId: string): Promise<IntakeDetail> {
  return IntakeDetail.parse(await apiJson('POST', ApiPaths.catalog.acceptPosCondition(productId)));
}

export function useAcceptPosCondition(productId: string) {
  return useIntakeAction<void, IntakeDetail>(() => acceptPosCondition(productId), {
    productId,
    done: 'POS grade accepted',
    failed: "Couldn't accept the POS grade",
    apply: putDetail(productId),
  });
}
