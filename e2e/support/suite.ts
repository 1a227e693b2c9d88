// One shop and one browser per test file: started before its tests, stopped after them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { freePort } from '../../scripts/local-stack.mjs';
import { startNatsServer, stopped } from './nats-server.js';
import { startShopAndBrowser, type TestShop, type TestShopOptions } from './shop.js';

export interface ShopInBrowser {
  readonly shop: TestShop;
  readonly browser: Browser;
}

export interface ShopInBrowserOptions extends Pick<TestShopOptions, 'referencePos' | 'env'> {
  /**
   * A nats-server of the file's own instead of the machine's shared one: for a stack whose durable
   * consumers must start at the beginning of an empty stream (not at a backlog other suites and
   * benches left there, nor sharing their messages with another suite's shop).
   */
  ownNats?: boolean;
}

export function useShopInBrowser({ ownNats = false, ...options }: ShopInBrowserOptions = {}): ShopInBrowser {
  const ctx = {} as { shop: TestShop; browser: Browser };
  let nats: { child: ChildProcess; dir: string } | undefined;
  beforeAll(async () => {
    let natsUrl: string | undefined;
    if (ownNats) {
      const port = await freePort();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-e2e-nats-'));
      nats = { child: await startNatsServer(port, dir), dir };
      natsUrl = `nats://127.0.0.1:${port}`;
    }
    [ctx.shop, ctx.browser] = await startShopAndBrowser({ ...options, natsUrl });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.stop();
    if (nats) {
      nats.child.kill('SIGTERM');
      await stopped(nats.child);
      rmSync(nats.dir, { recursive: true, force: true });
    }
  });
  return ctx;
}
