import type { Page } from '@playwright/test';

/**
 * Installs Playwright's fake clock on the page, and moves the embedded
 * exchange into the page for it. The exchange normally runs in a shared
 * worker, which Playwright's clock does not reach: a test that stops or
 * steps time needs the replay, the order timers and the page on one clock.
 */
export async function installClock(page: Page, options?: Parameters<Page['clock']['install']>[0]): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('spot-mock-exchange:runtime', 'page'));
  await page.clock.install(options);
}
