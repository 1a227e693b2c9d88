import { ApiPaths, IntakeList } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { codeLookupQuery } from '../utils/intake-queue.js';

/**
 * GET /api/admin/intake?code=: the listings whose sku is exactly a scanned barcode. Asked once per
 * scan, never cached: the answer only decides whether to open a listing or search.
 */
export async function findByCode(code: string, signal?: AbortSignal): Promise<IntakeList> {
  return IntakeList.parse(await apiJson('GET', `${ApiPaths.catalog.intake}?${codeLookupQuery(code)}`, undefined, { signal }));
}
