import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn';
import { COLD_START_MS } from './support/orderForm';

/**
 * No font luck (issue 33 part 3): every character the page shows in English, Arabic and Chinese lies in a range of a face
 * the app ships (its @font-face unicode-ranges). A ★, ☰ or → outside them would come from whatever font the
 * system has, or show as an empty box. The Chinese, Japanese and Korean faces are cut to the characters their texts use
 * (vite-plugins/cjkFont.ts).
 */
async function charactersOutsideShippedFonts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ranges: Array<[number, number]> = [];
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const range = rule.style.getPropertyValue('unicode-range') || 'U+0-10FFFF';
        for (const part of range.split(',')) {
          const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
          ranges.push([parseInt(from, 16), parseInt(to, 16)]);
        }
      }
    }
    const shipped = (code: number) => code < 0x20 || ranges.some(([from, to]) => code >= from && code <= to);
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.checkVisibility() && !parent.closest('script, style, noscript')) texts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content.startsWith('"')) texts.push(content.slice(1, -1));
      }
    }
    const outside = new Set<string>();
    for (const text of texts) for (const char of text) if (!shipped(char.codePointAt(0)!)) outside.add(`${char} U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
    return [...outside];
  });
}

for (const locale of ['en', 'ar-SA', 'zh-TW'] as const) {
  test(`${locale}: every character on the trading page, its market list and the signed-in panels is in a shipped font`, async ({ page }) => {
    // The first visit's trade guide (in any language), then the leverage switch's tour, would cover the market switcher.
    await page.addLocatorHandler(page.locator('dialog.tour[open]'), () => page.keyboard.press('Escape'), { noWaitAfter: true });
    await signIn(page, 'u-demo', `/${locale}/trade/spot/BTC/USDT`);
    await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.getByTestId('header-last-price')).not.toBeEmpty({ timeout: COLD_START_MS });
    expect(await charactersOutsideShippedFonts(page)).toEqual([]);

    await page.locator('.symbol-switcher__button').click();
    await expect(page.locator('.market-list__row').first()).toBeVisible();
    expect(await charactersOutsideShippedFonts(page)).toEqual([]);
  });
}

/**
 * One language of each other script the app ships a face for. tests/unit/localeFonts.test.ts checks every text of
 * every language against the faces; this checks what the pages really draw, Intl's words included.
 */
const OTHER_SCRIPTS = ['ja', 'ko', 'zh', 'th', 'he', 'fa', 'el', 'ru', 'vi'] as const;

test('a page in each other script draws its signed-in trading page in shipped fonts', async ({ page }) => {
  // Nine pages in one test: after the first, each joins the running exchange (the shared worker outlives a navigation).
  test.slow();
  await page.addLocatorHandler(page.locator('dialog.tour[open]'), () => page.keyboard.press('Escape'), { noWaitAfter: true });
  await signIn(page, 'u-demo', `/${OTHER_SCRIPTS[0]}/trade/spot/BTC/USDT`);
  const outside: Record<string, string[]> = {};
  for (const locale of OTHER_SCRIPTS) {
    await page.goto(`/${locale}/trade/spot/BTC/USDT`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // Hebrew and Persian read right to left, as Arabic does.
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'he' || locale === 'fa' ? 'rtl' : 'ltr');
    await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.getByTestId('header-last-price')).not.toBeEmpty({ timeout: COLD_START_MS });
    const characters = await charactersOutsideShippedFonts(page);
    if (characters.length) outside[locale] = characters;
  }
  expect(outside).toEqual({});
});

test('the phone page and its settings menu use only shipped fonts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: COLD_START_MS });
  await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  expect(await charactersOutsideShippedFonts(page)).toEqual([]);
});
