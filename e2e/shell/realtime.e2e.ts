// The shell's one websocket: inventory.updated published on NATS reaches the page as a DOM event;
// reconnects back off 1 s, 2 s, 4 s, 8 s, 16 s, give up after 5 attempts, reset on success, and
// every (re)connect asks remotes to refetch.
import { randomUUID } from 'node:crypto';
import { connect, JSONCodec } from 'nats';
import type { Page } from 'playwright-core';
import { pausePageClock } from '../support/browser.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
let page: Page;

afterEach(async () => {
  await page?.close();
});

/**
 * Test harness inside the page: records every WebSocket the shell creates (with the page's clock
 * time), lets the test make new connections fail for real (they go to a closed port), and counts
 * the shell's resync and inventory DOM events.
 */
const harness = () => {
  const w = window as unknown as Record<string, unknown> & { WebSocket: typeof WebSocket };
  const Native = w.WebSocket;
  const log: Array<{ t: number; blocked: boolean }> = [];
  const live: WebSocket[] = [];
  w.__ws = { log, live, blocked: false, resyncs: 0, inventory: [] as unknown[] };
  const state = w.__ws as { blocked: boolean; resyncs: number; inventory: unknown[] };
  class Recorded extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const blocked = state.blocked;
      super(blocked ? 'ws://127.0.0.1:9/ws' : url, protocols);
      log.push({ t: Date.now(), blocked });
      live.push(this);
    }
  }
  w.WebSocket = Recorded as unknown as typeof WebSocket;
  window.addEventListener('shop:realtime-resync', () => void (state.resyncs += 1));
  window.addEventListener('inventory:updated', (e) => void state.inventory.push((e as CustomEvent).detail));
};

type WsState = { log: Array<{ t: number; blocked: boolean }>; resyncs: number; inventory: Array<Record<string, unknown>> };
const wsState = () => page.evaluate(() => (window as unknown as { __ws: WsState }).__ws);
const attempts = async () => (await wsState()).log.length;

async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const openSockets = () =>
  page.evaluate(() => ((window as unknown as { __ws: { live: WebSocket[] } }).__ws.live.filter((s) => s.readyState === 1).length));
const block = (blocked: boolean) => page.evaluate((b) => void ((window as unknown as { __ws: { blocked: boolean } }).__ws.blocked = b), blocked);
/** Closes the shell's open socket and waits until the close has reached the shell. */
async function dropConnection() {
  await page.evaluate(() => (window as unknown as { __ws: { live: WebSocket[] } }).__ws.live.forEach((s) => s.readyState === 1 && s.close()));
  await waitFor(
    () => page.evaluate(() => (window as unknown as { __ws: { live: WebSocket[] } }).__ws.live.every((s) => s.readyState === 3)),
    (closed) => closed,
    'the dropped socket to close',
  );
}

async function openPage() {
  page = await ctx.browser.newPage();
  await page.clock.install();
  await page.addInitScript(harness);
  await page.goto(ctx.shop.url + '/about');
  await waitFor(openSockets, (n) => n === 1, 'the first websocket to open');
  await pausePageClock(page);
}

describe('websocket to the gateway', () => {
  it('delivers an inventory.updated published on NATS to the open page', async () => {
    await openPage();
    const nc = await connect({ servers: ctx.shop.natsUrl });
    const id = randomUUID();
    const data = { productId: randomUUID(), variantId: randomUUID(), sku: 'E2E-SKU-1', onHand: 3, reserved: 1, available: 2 };
    nc.publish(`inventory.updated.${data.sku}`, JSONCodec().encode({ id, type: 'inventory.updated', version: 1, occurredAt: new Date().toISOString(), data }));
    await nc.flush();
    await nc.close();
    const state = await waitFor(wsState, (s) => s.inventory.length > 0, 'the inventory event in the page');
    expect(state.inventory[0]).toMatchObject({ type: 'inventory.updated', id, sku: 'E2E-SKU-1', available: 2 });
  });

  it('reconnects after 1 s, 2 s, 4 s, 8 s and 16 s, then stops after 5 attempts', async () => {
    await openPage();
    expect(await attempts()).toBe(1);
    await block(true);
    const droppedAt = await page.evaluate(() => Date.now());
    await dropConnection();
    // Move the page's clock in 50 ms steps so every refused connection fails close to when it was made.
    for (let elapsed = 0; elapsed < 40_000; elapsed += 50) await page.clock.runFor(50);
    await page.clock.runFor(120_000);
    await page.waitForTimeout(200);
    const { log } = await wsState();
    expect(log).toHaveLength(6);
    const times = [droppedAt, ...log.slice(1).map((a) => a.t)];
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const expected = [1000, 2000, 4000, 8000, 16000];
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]!);
      expect(gap).toBeLessThanOrEqual(expected[i]! + 100);
    });
  });

  it('resets the attempt counter after a successful reconnect and asks remotes to refetch each time', async () => {
    await openPage();
    await waitFor(wsState, (s) => s.resyncs === 1, 'the resync after the first connect');
    await block(true);
    await dropConnection();
    await page.clock.runFor(1005); // attempt 1 fails
    await waitFor(attempts, (n) => n === 2, 'attempt 1');
    await page.waitForTimeout(150);
    await block(false);
    await page.clock.runFor(2005); // attempt 2 succeeds
    await waitFor(openSockets, (n) => n === 1, 'the reconnected socket');
    await waitFor(wsState, (s) => s.resyncs === 2, 'the resync after reconnecting');
    await dropConnection();
    await page.clock.runFor(995);
    expect(await attempts()).toBe(3);
    await page.clock.runFor(10); // back to the 1 s first delay, not 4 s
    await waitFor(attempts, (n) => n === 4, 'the first attempt of the new series');
  });

  /** Blocks new connections, drops the open one and lets the page's clock run through all 5 attempts. */
  async function exhaustAttempts() {
    const before = await attempts();
    await block(true);
    await dropConnection();
    for (let elapsed = 0; elapsed < 40_000; elapsed += 50) await page.clock.runFor(50);
    await page.clock.runFor(60_000);
    await waitFor(attempts, (n) => n === before + 5, 'the 5 reconnect attempts');
  }
  const paused = () => page.locator('[data-live-paused]');

  it("shows 'Live updates paused' with a Reconnect button once the attempts are spent, and reconnects when asked", async () => {
    await openPage();
    expect(await paused().count()).toBe(0);
    await exhaustAttempts();
    await paused().getByText('Live updates paused').waitFor();
    expect(await paused().getAttribute('role')).toBe('status');
    // No attempt of its own after giving up, however long the page stays open.
    await page.clock.runFor(120_000);
    expect(await attempts()).toBe(6);

    await block(false);
    const reconnect = paused().getByRole('button', { name: 'Reconnect' });
    await reconnect.focus();
    await page.keyboard.press('Enter');
    await waitFor(openSockets, (n) => n === 1, 'the socket opened by Reconnect');
    await paused().waitFor({ state: 'detached' });
    await waitFor(wsState, (s) => s.resyncs === 2, 'the resync after reconnecting');
    // The button is gone: focus went to the page's main region, not to <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('starts a new round by itself when the browser is back online or the tab is shown again', async () => {
    await openPage();
    await exhaustAttempts();
    await paused().waitFor();
    await block(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitFor(openSockets, (n) => n === 1, 'the socket opened when back online');
    await paused().waitFor({ state: 'detached' });

    await exhaustAttempts();
    await paused().waitFor();
    await block(false);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(openSockets, (n) => n === 1, 'the socket opened when the tab was shown');
    await paused().waitFor({ state: 'detached' });
  });

  it.each([
    [1280, 900],
    [375, 812],
  ])('shows the paused notice inside a %i px wide screen, over no header control', async (width, height) => {
    await openPage();
    await page.setViewportSize({ width, height });
    await exhaustAttempts();
    const box = (await paused().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.y).toBeGreaterThan(height / 2);
    await page.screenshot({ path: `/tmp/live-paused-${width}.png` });
  });
});
