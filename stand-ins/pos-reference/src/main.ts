// Runs the reference POS alone: `node dist/main.js`. Settings from the environment (see API.md).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { startReferencePos, type Seed } from './index.js';

const Env = z.object({
  POS_PORT: z.coerce.number().int().min(0).max(65535).default(5300),
  POS_HOST: z.string().min(1).default('127.0.0.1'),
  POS_API_KEY: z.string().min(8).max(255).optional(),
  POS_SEED: z
    .string()
    .regex(/^(demo|none|\d+)$/, 'demo, none or a number of products to generate')
    .default('demo')
    .transform((value): Seed => (value === 'demo' || value === 'none' ? value : { generated: Number(value) })),
  /** The sku prefix of generated products (POS_SEED=<n>), so two generated POSes share no sku. */
  POS_SEED_SKU_PREFIX: z.string().regex(/^[A-Z][A-Z0-9-]{0,23}$/, 'capital letters, digits and dashes').default('POS-GEN'),
  POS_RATE_LIMIT: z.coerce.number().int().min(0).default(100),
});

// An empty variable counts as unset (docker-compose writes `POS_API_KEY=` for an unset one).
const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;
const apiKey = env.POS_API_KEY ?? `pos_test_${randomBytes(16).toString('hex')}`;

const pos = await startReferencePos({
  port: env.POS_PORT,
  host: env.POS_HOST,
  apiKey,
  seed: typeof env.POS_SEED === 'object' ? { ...env.POS_SEED, skuPrefix: env.POS_SEED_SKU_PREFIX } : env.POS_SEED,
  rateLimitPerSecond: env.POS_RATE_LIMIT,
  log: (line) => console.log(line),
});
console.log(`Reference POS at ${pos.url} — API key ${apiKey}  (back office: ${pos.url}/)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void pos.stop().then(() => process.exit(0));
  });
}
