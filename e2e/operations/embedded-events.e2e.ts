// On a machine with no NATS at all, `npm start` runs every process against the embedded
// core-protocol broker (decision 004). The whole shop must start on it and keep the event
// contract across processes: an inventory.updated published on it reaches a browser socket, and
// every flow that waits on an event (a guest's cart merged at sign-in; a cancellation's and a
// return's units back on sale, their mails, the lookup's mail; a photo's product.updated) works while the shop runs.
import { randomUUID } from 'node:crypto';
import { connect, JSONCodec } from 'nats';
import WebSocket from 'ws';
import { startEmbeddedNats } from '../../scripts/embedded-nats.mjs';
import { freePort } from '../../scripts/local-stack.mjs';
import { runAfterSaleFlow } from '../../scripts/after-sale-flow.mjs';
import { runIntakeFlow } from '../../scripts/intake-flow.mjs';
import { runShopperFlow } from '../../scripts/shopper-flow.mjs';
import { startTestShop, type TestShop } from '../support/shop.js';

let broker: Awaited<ReturnType<typeof startEmbeddedNats>>;
let shop: TestShop;

beforeAll(async () => {
  broker = await startEmbeddedNats({ port: await freePort() });
  shop = await startTestShop({ natsUrl: broker.url });
});
afterAll(async () => {
  await shop?.stop();
  await broker?.close();
});

describe('the embedded NATS fallback', () => {
  it('runs every service and the gateway', async () => {
    for (const url of Object.values(shop.serviceUrls)) {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
  });

  it('carries inventory.updated from a publisher to a browser socket through the gateway', async () => {
    const socket = new WebSocket(`${shop.url.replace('http', 'ws')}/ws`, { headers: { Origin: shop.url } });
    const received = new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const nc = await connect({ servers: broker.url });
    const id = randomUUID();
    const data = { productId: randomUUID(), variantId: randomUUID(), sku: 'FALLBACK-1', onHand: 1, reserved: 0, available: 1 };
    nc.publish(`inventory.updated.${data.sku}`, JSONCodec().encode({ id, type: 'inventory.updated', version: 1, occurredAt: new Date().toISOString(), data }));
    await nc.flush();
    await nc.close();
    expect(await received).toMatchObject({ type: 'inventory.updated', id, sku: 'FALLBACK-1', available: 1 });
    socket.close();
  });

  it("keeps a guest's cart line through sign-in, and a test-card checkout gives an order", async () => {
    const lines: string[] = [];
    const seen = await runShopperFlow(shop.url, { log: (line) => lines.push(line) }).catch((err: Error) => {
      throw new Error(`${err.message}\n${lines.join('\n')}`);
    });
    expect(seen.order).toMatchObject({ status: 'paid' });
  });

  it('cancels, takes a return back at another grade and finds an order by number and e-mail, across the embedded broker', async () => {
    const lines: string[] = [];
    await runAfterSaleFlow(shop.url, { log: (line) => lines.push(line) }).catch((err: Error) => {
      throw new Error(`${err.message}\n${lines.join('\n')}`);
    });
    expect(lines.filter((l) => l.startsWith('ok'))).toHaveLength(4);
  }, 90_000);

  it("inspects and photographs a listing at the intake desk, and a shopper's socket hears product.updated across the embedded broker; a manifest's lot comes in", async () => {
    const lines: string[] = [];
    await runIntakeFlow(shop.url, { log: (line) => lines.push(line) }).catch((err: Error) => {
      throw new Error(`${err.message}\n${lines.join('\n')}`);
    });
    expect(lines.filter((l) => l.startsWith('ok'))).toHaveLength(6);
  }, 60_000);
});
