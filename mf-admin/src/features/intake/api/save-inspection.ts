import { ApiPaths, InspectionInput, IntakeDetail } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { putDetail, useIntakeAction } from './intake-action.js';

/** POST /api/admin/intake/:productId/inspections: a new inspection, which becomes the listing's grade, notes and report. */
export async function saveInspection(productId: string, input: InspectionInput): Promise<IntakeDetail> {
  return IntakeDetail.parse(await apiJson('POST', ApiPaths.catalog.inspections(productId), InspectionInput.parse(input)));
}

export function useSaveInspection(productId: string) {
  return useIntakeAction((input: InspectionInput) => saveInspection(productId, input), {
    productId,
    done: 'Inspection saved',
    failed: "Couldn't save the inspection",
    apply: putDetail(productId),
  });
}
