export interface ShopperFlowResult {
  products: number;
  order: { id: string; number: string; status: string; total: string };
}
export function runShopperFlow(
  origin: string,
  options?: { log?: (line: string) => void; login?: { usernameOrEmail: string; password: string } },
): Promise<ShopperFlowResult>;
/** The test-mode card every flow pays with, its expiry always four years ahead. */
export const TEST_CARD: Readonly<{ cardNumber: string; expiry: string; cvc: string }>;
/** A client with one cookie jar, like one browser. */
export function httpClient(origin: string): (method: string, path: string, body?: unknown) => Promise<{ status: number; text: string; json: any; headers: Headers }>;
/** Throws unless the answer has the wanted status. */
export function expectStatus<R extends { status: number; text: string }>(res: R, wanted: number, what: string): R;
