import { expect, test, type Page } from '@playwright/test';
import { control, REPLAY_START, replay } from './support/market';
import { COLD_START_MS } from './support/orderForm';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Screenshot tests (issue 33 part 4): what the DOM tests cannot see — a chart that stays dark, a glyph drawn as a
 * box, a legend over the price scale. Every run paints the same pixels: the replay is paused and sought to one
 * point of the recorded session, the page's clock is then frozen, the fonts are the app's own, and motion is off.
 */
test.describe.configure({ timeout: 120_000 });

const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
/** A point of the session with a full book and a few hours of candles. */
const SEEK_TO_MS = 90_000;
const RESTING_BUY = { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '60000' };
/**
 * Runs paint the same pixels but for one known wobble: now and then the current bar's volume in the legend differs
 * in its last digits (about 150 px; a kline push meeting the seek, not yet explained). 250 px lets that pass; a
 * moved label or a changed panel is more.
 */
const MATCH = { maxDiffPixels: 250, animations: 'disabled', caret: 'hide', fullPage: true, maskColor: '#808080' } as const;
/**
 * Measured, not replayed: the route's latency (and the route and path it picks) are timings of this run's requests.
 * Masked, and held at one width so that "78 ms" against "581 ms" does not move their neighbours.
 */
const MEASURED = '.route-picker__button, .net-button';
async function maskMeasured(page: Page) {
  await page.addStyleTag({ content: `${MEASURED} { inline-size: 150px !important; overflow: hidden !important; }` });
  return [page.locator(MEASURED)];
}

type Size = keyof typeof SIZES;

async function openFrozen(page: Page, options: { theme: string; locale: string; trader: boolean }): Promise<void> {
  const path = `/${options.locale}/trade/spot/BTC/USDT`;
  await page.addInitScript((theme) => localStorage.setItem('SPOT_theme', theme), options.theme);
  // The page's clock stands still from the first script on: the exchange starts at one instant every run, so the
  // market history it builds around its start (candles, 24 h figures) is the same; time moves only by runFor.
  // Installed a minute early: pauseAt cannot go back, and on a loaded machine a second can pass between the two calls.
  await installClock(page, { time: REPLAY_START - 60_000 });
  await page.clock.pauseAt(REPLAY_START);
  if (options.trader) {
    await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`);
    await until(page, () => page.getByRole('button', { name: /^Unified trader/ }).isVisible(), 1);
    await page.getByRole('button', { name: /^Unified trader/ }).click();
    await until(page, async () => new URL(page.url()).pathname === path, 1);
  } else {
    await page.goto(path);
  }
  // The exchange starts (at its clock's whole second) before the app renders: 1 ms steps until then keep that second REPLAY_START's.
  await until(page, async () => page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0), 1);
  // Checks that do not wait: a locator that waited for an element would hold the stopped clock, and the element never come.
  await until(page, () => page.evaluate(() => document.querySelector('.ob-row') !== null && !!document.querySelector('[data-testid="chart-view"]')?.textContent));
  await replay(page, { action: 'pause' });
  await replay(page, { action: 'seek', position: SEEK_TO_MS });
  if (options.trader) {
    // A trader's first visit opens the trade guide (in the page's language) once the preferences load; once it is
    // closed, the leverage switch's first-time tour (a unified account) — on a phone only when the order sheet opens.
    const tours = (page.viewportSize()?.width ?? 0) <= 500 ? 1 : 2;
    for (let i = 0; i < tours; i++) await closeTour(page);
    await until(page, () => page.locator('#orders-panel').getByText(/./).first().isVisible());
    expect(await control(page, '/mock/api/exchange/orders', RESTING_BUY)).toMatchObject({ code: 0 });
  }
  // The exchange's pushes (every 300 ms) bring the sought book, trades and bar to the page.
  await page.clock.runFor(2_000);
  if (options.trader) await until(page, async () => (await page.locator('#orders-panel tbody tr').count()) === 1);
  await showFirstAnnouncement(page);
  await page.evaluate(() => document.fonts.ready);
}

/** Waits on the stopped clock for the next first-time tour and closes it with Escape. */
async function closeTour(page: Page): Promise<void> {
  const tour = page.locator('dialog.tour[open]');
  await until(page, () => tour.isVisible());
  await page.keyboard.press('Escape');
  await until(page, async () => !(await tour.isVisible()));
}

/** Lets the stopped clock run in `step` ms steps until `ready` holds (the page's timers fire only so). */
async function until(page: Page, ready: () => Promise<boolean>, step = 100): Promise<void> {
  const deadline = Date.now() + COLD_START_MS;
  // A check that meets a navigation (the sign-in's redirect) counts as not ready.
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('the page did not get ready on the stopped clock');
    await page.clock.runFor(step);
  }
}

/** The bar rotates every 5 s from the page's first second, so where it stands depends on how long loading took. */
async function showFirstAnnouncement(page: Page): Promise<void> {
  const position = page.locator('.announcement-bar__position');
  await until(page, async () => /\d+ \/ \d+/.test((await position.textContent({ timeout: 100 }).catch(() => null)) ?? ''));
  const [current = 1, total = 1] = ((await position.textContent()) ?? '').split('/').map((n) => Number(n.trim()));
  for (let step = current; step % total !== 1 % total; step += 1) await page.clock.runFor(5_000);
  await expect(position).toHaveText(`1 / ${total}`);
}

for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['en', 'ar-SA'] as const) {
    for (const size of Object.keys(SIZES) as Size[]) {
      test.describe(`${theme}, ${locale}, ${size}`, () => {
        test.use({ ...SIZES[size], colorScheme: theme });

        for (const trader of [false, true]) {
          test(`${trader ? 'a trader with an open order' : 'a visitor'}`, async ({ page }) => {
            await openFrozen(page, { theme, locale, trader });
            await expect(page).toHaveScreenshot(`${theme}-${locale}-${size}-${trader ? 'trader' : 'visitor'}.png`, { ...MATCH, mask: await maskMeasured(page) });
          });
        }
      });
    }
  }
}

/** The main dialogs, each shot alone (its backdrop is the page above), in both themes. */
const DIALOGS = [
  { name: 'Cancel all orders?', file: 'cancel-all', open: (page: Page) => page.locator('#orders-panel').getByRole('button', { name: 'Cancel all', exact: true }).click() },
  { name: 'Indicators', file: 'indicators', open: (page: Page) => page.getByRole('toolbar', { name: 'Chart tools' }).getByRole('button', { name: 'Indicators', exact: true }).click() },
  { name: 'Reset layout?', file: 'reset-layout', open: (page: Page) => page.getByRole('button', { name: 'Reset layout', exact: true }).click() },
] as const;
const { fullPage: _whole, ...DIALOG_MATCH } = MATCH;

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme}, dialogs`, () => {
    test.use({ colorScheme: theme });

    test('desktop: cancel all, indicators, reset layout', async ({ page }) => {
      await page.setViewportSize(SIZES.desktop.viewport);
      await openFrozen(page, { theme, locale: 'en', trader: true });
      for (const dialog of DIALOGS) {
        await dialog.open(page);
        const shown = page.getByRole('dialog', { name: dialog.name });
        await expect(shown).toBeVisible();
        await page.clock.runFor(500);
        expect(await textOverflows(page, 'dialog[open] *'), dialog.name).toEqual([]);
        await expect(shown).toHaveScreenshot(`${theme}-dialog-${dialog.file}.png`, DIALOG_MATCH);
        await page.keyboard.press('Escape');
        await expect(shown).toBeHidden();
      }
    });

    test('phone: the order sheet', async ({ page }) => {
      await page.setViewportSize(SIZES.phone.viewport);
      await openFrozen(page, { theme, locale: 'en', trader: true });
      await page.getByRole('group', { name: 'Trade', exact: true }).getByRole('button', { name: 'Buy BTC' }).click();
      const sheet = page.getByRole('dialog', { name: 'Trade BTC/USDT' });
      await expect(sheet).toBeVisible();
      // The spot-margin switch is on screen now: its first-time tour comes over the sheet, and closes without it.
      await closeTour(page);
      await expect(sheet).toBeVisible();
      await page.clock.runFor(500);
      await expect(sheet).toHaveScreenshot(`${theme}-phone-order-sheet.png`, DIALOG_MATCH);
    });
  });
}

/**
 * What the eye catches and the DOM tests did not: the chart legend over the time-frame row or the price scale
 * (in a right-to-left page the legend sat on the scale), and text that runs out of its box (clipped, or drawn
 * over its neighbour). Text cut with an ellipsis is a choice, not an overflow.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const chart = document.querySelector('.candle-chart');
    const legend = document.querySelector('[data-testid="chart-legend"]');
    if (!chart || !legend) return ['no chart or legend'];
    const chartBox = chart.getBoundingClientRect();
    // The legend's own text, not its full-width box.
    const range = document.createRange();
    range.selectNodeContents(legend);
    const legendBoxes = [...range.getClientRects()].filter((r) => r.width > 0);
    for (const row of document.querySelectorAll('.chart-toolbar, .chart-intervals')) {
      if (legendBoxes.some((r) => overlap(r, row.getBoundingClientRect()))) problems.push(`the legend covers ${row.className}`);
    }
    const axes = [...chart.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 20 && r.width < 120 && r.left > chartBox.left + chartBox.width / 2);
    const axisLeft = Math.min(...axes.map((r) => r.left));
    if (!Number.isFinite(axisLeft)) problems.push('no price scale found');
    else if (legendBoxes.some((r) => r.right > axisLeft + 1)) problems.push(`the legend reaches the price scale (${Math.max(...legendBoxes.map((r) => r.right)).toFixed(0)} > ${axisLeft.toFixed(0)})`);

    return problems;
  }).then(async (problems) => [...problems, ...(await textOverflows(page, '.market-header *, .orderbook *, .order-form *, #orders-panel *, .announcement-bar *'))]);
}

/** Text wider than its box (clipped, or drawn over the next thing), among the elements `selector` picks. */
async function textOverflows(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(scope)) {
      if (!element.checkVisibility() || element.closest('.visually-hidden') || ![...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) continue;
      const style = getComputedStyle(element);
      // An ellipsis only counts where it is drawn: a flex or grid box ignores text-overflow and cuts the text.
      const ellipsis = style.textOverflow === 'ellipsis' && !/flex|grid/.test(style.display);
      if (ellipsis || style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      const spills = element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
      // A box that is itself pushed out of its dialog (a grid column grown by its text) also spills.
      const container = element.closest('dialog');
      const outside = container ? element.getBoundingClientRect().right > container.getBoundingClientRect().right + 1 : false;
      if (spills || outside) problems.push(`text runs out of ${element.tagName.toLowerCase()}.${element.className}: "${element.textContent?.trim().slice(0, 30)}"`);
    }
    return problems;
  }, selector);
}

for (const locale of ['en', 'ar-SA'] as const) {
  for (const size of Object.keys(SIZES) as Size[]) {
    test.describe(`${locale}, ${size}`, () => {
      test.use(SIZES[size]);
      test('the chart legend clears the time frames and the price scale; no text runs out of its box', async ({ page }) => {
        await openFrozen(page, { theme: 'dark', locale, trader: true });
        expect(await layoutProblems(page)).toEqual([]);
      });
    });
  }
}

test('the layout check sees a legend moved onto the price scale (the right-to-left defect it was written for)', async ({ page }) => {
  await page.setViewportSize(SIZES.desktop.viewport);
  await openFrozen(page, { theme: 'dark', locale: 'ar-SA', trader: false });
  await page.addStyleTag({ content: '.chart-legend { left: auto !important; right: 8px !important; max-inline-size: none !important; }' });
  expect(await layoutProblems(page)).toEqual([expect.stringMatching(/^the legend reaches the price scale/)]);
});
