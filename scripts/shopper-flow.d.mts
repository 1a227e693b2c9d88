export interface ShopperFlowResult {
  products: number;
  order: { id: string; number: string; status: string; total: string };
}
export function runShopperFlow(
  origin: string,
  options?: { log?: (line: string) => void; login?: { usernameOrEmail: string; password: string } },
): Promise<ShopperFlowResult>;
