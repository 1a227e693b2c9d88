import path from 'node:path';
import { createPool } from '@pl/service-kit';
import { listen, signTestToken, startTestService, TEST_ADMIN_NAME, testDatabaseUrl, testLogger, type Listening } from '@pl/service-kit/testing';
import { createTokenVerifier, type TokenVerifier } from '@pl/service-kit';
import { cartContext, createApp, type CartAppOptions } from '../src/app.js';
import { INTERNAL_TOKEN, startCatalog } from '../../catalog/test/catalog-test-app.js';
import { insertProduct } from '../../catalog/test/factories.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

/** The real cart app over a fresh schema, talking to a real catalog app over its own fresh schema. */
export async function startCartWithCatalog(
  settings: CartAppOptions['settings'] = {},
  { payments, verifier, catalogVerifier }: Pick<CartAppOptions, 'payments'> & { verifier?: TokenVerifier; catalogVerifier?: TokenVerifier } = {},
) {
  const catalog = await startCatalog({ verifier: catalogVerifier });
  const options = (catalogUrl: string): CartAppOptions => ({ catalogUrl, internalApiToken: INTERNAL_TOKEN, settings, ...(payments ? { payments } : {}) });
  const cart = await startTestService({ name: 'cart', migrationsDir: MIGRATIONS_DIR, createApp: (deps) => createApp({ ...deps, verifier: verifier ?? deps.verifier }, options(catalog.url)) });
  const extra: Array<{ stop(): Promise<void> }> = [];

  const call = (base: string) => async (method: string, pathname: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  return {
    catalog,
    cart,
    ctx: cartContext({ pool: cart.pool, logger: testLogger('cart') }, options(catalog.url)),
    call: call(cart.url),
    internalToken: INTERNAL_TOKEN,
    guest: (sub?: string) => signTestToken({ sub, kind: 'guest' }, { keys: cart.keys }),
    customer: (sub?: string) => signTestToken({ sub, kind: 'customer' }, { keys: cart.keys }),
    admin: (sub?: string, name = TEST_ADMIN_NAME) => signTestToken({ sub, kind: 'customer', adm: true, nm: name }, { keys: cart.keys }),
    product: async (input: { oneOfAKind?: boolean; onHand?: number; priceCents?: number; title?: string; images?: string[] } = {}) => {
      const { variants } = await insertProduct(catalog.pool, {
        title: input.title ?? 'Stand Mixer',
        oneOfAKind: input.oneOfAKind ?? false,
        ...(input.images ? { images: input.images } : {}),
        variants: [{ priceCents: input.priceCents ?? 1999, levels: [{ locationId: 'dublin', onHand: input.onHand ?? 1 }] }],
      });
      return variants[0]!.sku;
    },
    onHand: async (sku: string) =>
      (await catalog.pool.query<{ n: number }>('SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1', [sku])).rows[0]!.n,
    /** A second cart instance (own pool and server, same schema) talking to the given catalog URL. */
    async secondCart(catalogUrl: string): Promise<Listening & { call: ReturnType<typeof call> }> {
      const pool = createPool({ connectionString: testDatabaseUrl(), schema: cart.db.schema, max: 10 });
      const server = await listen(createApp({ pool, logger: testLogger('cart-2'), verifier: createTokenVerifier({ keySet: cart.keys.keySet }) }, options(catalogUrl)));
      extra.push({ stop: async () => { await server.close(); await pool.end(); } });
      return { ...server, call: call(server.url) };
    },
    async stop() {
      for (const e of extra) await e.stop();
      await cart.stop();
      await catalog.stop();
    },
  };
}
export type CartTestApp = Awaited<ReturnType<typeof startCartWithCatalog>>;
