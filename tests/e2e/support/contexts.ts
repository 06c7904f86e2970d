import { test, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

/**
 * For tests that open browser contexts of their own (several tabs of one browser, a second browser): the
 * opener to use, whose contexts are closed after each test, passed or not. One left open keeps its tab
 * running (replaying, polling, redrawing) for the rest of the test worker's life, on a machine of two cores.
 * Call it at the top of a file or inside a describe.
 */
export function contextsClosedAfterEach(): (browser: Browser, options?: BrowserContextOptions) => Promise<BrowserContext> {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context;
  };
}
