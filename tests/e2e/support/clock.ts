import type { BrowserContext, Page } from '@playwright/test';

/**
 * Runs the embedded exchange inside the page for every page of a context,
 * instead of in the browser's shared worker. Playwright's fake clock patches
 * the page, not workers: a test that stops or steps time needs the replay,
 * the order timers and the page on one clock. Set before the first visit
 * (a spec that drives the clock sets it for all its tests): the two runtimes
 * keep their signed-in sessions apart, as two browsers would.
 */
export async function runExchangeInPage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => sessionStorage.setItem('spot-mock-exchange:runtime', 'page'));
}

/** Installs Playwright's fake clock on the page, with the exchange in the page to follow it. */
export async function installClock(page: Page, options?: Parameters<Page['clock']['install']>[0]): Promise<void> {
  await runExchangeInPage(page.context());
  await page.clock.install(options);
}

/**
 * Pauses the page's running fake clock about `aheadMs` from its now. The now
 * read and the pause are two round trips: on a loaded machine the clock once
 * passed the target between them ("Cannot fast-forward to the past", CI of
 * 898dca0), so a target already passed is read again, not an error.
 */
export async function pauseClockSoon(page: Page, aheadMs = 1_000): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + aheadMs);
      return;
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('to the past')) throw error;
    }
  }
}
