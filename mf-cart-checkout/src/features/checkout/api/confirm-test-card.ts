import { ApiPaths, TestCardConfirmResult, type TestCardConfirmPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/**
 * POST /api/payments/test-card/confirm: the built-in provider (no Stripe keys) decides like a card
 * network; the order is created from its confirmation on the server, never from this answer.
 */
export async function confirmTestCard(payload: TestCardConfirmPayload): Promise<TestCardConfirmResult> {
  return TestCardConfirmResult.parse(await apiJson('POST', ApiPaths.cart.testCardConfirm, payload));
}
