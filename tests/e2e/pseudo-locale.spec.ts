import { expect, test } from '@playwright/test';
import { pseudoNamespace } from './support/pseudoLocale';
import { signIn } from './support/signIn';
import { COLD_START_MS } from './support/orderForm';
import { textLayoutProblems } from './support/textLayout';

/**
 * Room for longer languages (issue 26 part 1): the page in a pseudo-locale — English with every letter accented
 * and every word 30 % longer, bracketed — served in place of the English files. No text of the main panels may
 * be cut or drawn over another at the desktop widths people use. A screenshot of each run is attached to the report.
 */
const PANELS = {
  settings: '.settings-bar',
  header: '#market-header',
  chart: '#chart-area',
  'order book': '#orderbook-area',
  orders: '#position-area',
  'order form': '#trade-area',
};

for (const [width, height] of [[1440, 900], [1920, 1080]] as const) {
  test(`at ${width} px, a language 30 % longer than English fits every panel of the signed-in page`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.route('**/locales/en/*.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: pseudoNamespace((await response.json()) as Record<string, string>) });
    });
    await page.addLocatorHandler(page.locator('dialog.tour[open]'), () => page.keyboard.press('Escape'), { noWaitAfter: true });
    await signIn(page, 'u-demo');
    await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.getByTestId('header-last-price')).not.toBeEmpty({ timeout: COLD_START_MS });
    // The pseudo texts are on screen (the bracketed, accented "Trade"), so the check below reads them, not English.
    await expect(page.locator('#trade-area')).toContainText('[Ťřáďéēĩ]');
    await testInfo.attach(`pseudo-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    expect(await textLayoutProblems(page, PANELS)).toEqual([]);
  });
}

test('the layout check finds a cut text and two texts drawn over each other', async ({ page }) => {
  await page.setContent(`
    <div id="cut" style="inline-size: 60px; overflow: hidden; white-space: nowrap"><span>a label far too long for its box</span></div>
    <div id="over" style="position: relative; block-size: 20px">
      <span style="position: absolute; inset-inline-start: 0">first label</span>
      <span style="position: absolute; inset-inline-start: 20px">second label</span>
    </div>
    <div id="fine" style="inline-size: 300px"><span>fits</span> <span>well</span></div>`);
  const problems = await textLayoutProblems(page, { cut: '#cut', over: '#over', fine: '#fine' });
  expect(problems.some((p) => p.startsWith('cut: span is cut by div'))).toBe(true);
  expect(problems.some((p) => p.startsWith('over: «first label» overlaps «second label»'))).toBe(true);
  expect(problems.filter((p) => p.startsWith('fine'))).toEqual([]);
});
