// Real Chromium (Debian's package) driven by playwright-core; never a downloaded browser.
// playwright gives every launch a fresh temporary profile.
import { chromium, type Browser, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * After `page.clock.install()` the page's fake time still flows with real time; this stops it, so
 * from here on time only moves when the test calls `page.clock.runFor()`.
 */
export async function pausePageClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A little ahead: pausing at a moment that has already passed is refused.
  await page.clock.pauseAt(now + 500);
}
