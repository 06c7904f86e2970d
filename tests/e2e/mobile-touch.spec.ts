import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Touch on the phone page (issue 30 part 3): targets of at least 24 × 24 px
 * (44 px for the Buy / Sell bar and the sheet's actions), and a chart that
 * pans with a swipe, zooms with a pinch, shows the crosshair on a long press
 * and lets a vertical swipe scroll the page. Gestures are real touch events
 * (CDP Input.dispatchTouchEvent) on a touch-emulating phone.
 */
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';

/** Interactive elements smaller than `min` px either way: "what label WxH" lines. */
function smallTargets(page: Page, root: string, min: number): Promise<string[]> {
  return page.evaluate(
    ([selector, size]) => {
      const interactive = 'button, a[href], input, select, textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=menuitem], [tabindex]:not([tabindex="-1"]), .ob-row';
      const small: string[] = [];
      for (const scope of document.querySelectorAll(selector)) {
        for (const element of scope.querySelectorAll<HTMLElement>(interactive)) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
          // A radio or checkbox inside its label is reached through the label's box.
          const label = element.closest('label');
          const target = label && (element.matches('input[type=radio], input[type=checkbox]')) ? label.getBoundingClientRect() : box;
          if (target.width < size || target.height < size) {
            const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
            const kind = element instanceof HTMLInputElement ? `[type=${element.type}]` : '';
            small.push(`${element.tagName.toLowerCase()}${kind}.${element.className} "${name}" ${target.width.toFixed(0)}×${target.height.toFixed(0)}`);
          }
        }
      }
      return small;
    },
    [root, min] as const,
  );
}

type Point = { x: number; y: number };

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

/**
 * Fingers from `from` to `to` (one point per finger) in `steps` moves, a frame apart. The first move is sent
 * with the touch start, not after its answer: on a busy page a finger that rests 240 ms is a long press (the
 * crosshair), and the answer to the start can take that long.
 */
async function gesture(page: Page, cdp: CDPSession, from: Point[], to: Point[], steps = 12): Promise<void> {
  const at = (i: number) => from.map((p, f) => ({ x: p.x + ((to[f]!.x - p.x) * i) / steps, y: p.y + ((to[f]!.y - p.y) * i) / steps }));
  await Promise.all([touch(cdp, 'touchStart', from), touch(cdp, 'touchMove', at(1))]);
  for (let i = 2; i <= steps; i++) {
    await page.waitForTimeout(16);
    await touch(cdp, 'touchMove', at(i));
  }
  await touch(cdp, 'touchEnd', []);
}

/** The chart's description: "In view: <from> to <to>, bars: N". */
async function view(page: Page): Promise<{ to: string; bars: number }> {
  const text = (await page.getByTestId('chart-view').textContent()) ?? '';
  const match = /to (.+), bars: (\d+)$/.exec(text);
  return { to: match?.[1] ?? '', bars: Number(match?.[2] ?? Number.NaN) };
}

test.describe('target sizes', () => {
  // Sizes as they rest: the announcement bar slides in 3 s after a load, and a target measured mid-slide is a
  // fraction of a pixel short (seen once in a fresh-clone run, once the loads got faster).
  test.use({ reducedMotion: 'reduce' });
  test('every target on the phone page is at least 24 × 24 px; the Buy / Sell bar and the sheet actions 44 px', async ({ page }) => {
    await closeTradeGuide(page);
    await signIn(page, 'u-demo', TRADE_PATH);
    await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
    expect(await smallTargets(page, '[data-testid="mobile-page"]', 24)).toEqual([]);
    expect(await smallTargets(page, '.mobile-trade-bar', 44)).toEqual([]);

    await page.getByRole('group', { name: 'Trade', exact: true }).getByRole('button', { name: 'Buy BTC' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Trade BTC/USDT' });
    await expect(sheet).toBeVisible();
    expect(await smallTargets(page, '.order-sheet', 24)).toEqual([]);
    expect(await smallTargets(page, '.order-sheet__close, .order-sheet button[type="submit"]', 44)).toEqual([]);
  });
});

test('the chart pans with a swipe, zooms with a pinch, shows the crosshair on a long press; a vertical swipe scrolls the page', async ({ page }) => {
  await page.goto(TRADE_PATH);
  const chart = page.getByTestId('candle-chart');
  await expect(chart).toBeVisible({ timeout: COLD_START_MS });
  await expect.poll(async () => (await view(page)).bars, { timeout: COLD_START_MS }).toBeGreaterThan(10);
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const mid = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.45 };

  // A long press shows the crosshair: the legend follows the bar under the finger.
  const legend = page.getByTestId('chart-legend');
  await expect(legend).toHaveAttribute('data-hovering', 'false');
  // Held until the crosshair shows, however busy the page: then lifted, it stays.
  await touch(cdp, 'touchStart', [mid]);
  await expect(legend).toHaveAttribute('data-hovering', 'true');
  await touch(cdp, 'touchEnd', []);
  await expect(legend).toHaveAttribute('data-hovering', 'true');
  // The next tap leaves the crosshair mode (start and end sent together: a slow answer would make it a long press).
  const tap = (at: Point) => Promise.all([touch(cdp, 'touchStart', [at]), touch(cdp, 'touchEnd', [])]);
  await tap(mid);
  await expect(legend).toHaveAttribute('data-hovering', 'false');
  /**
   * A swipe, tried again (at most three times in all) while it has not done what it should: on a page too
   * busy to see the finger move within 240 ms the library takes it for a long press and drags the crosshair
   * instead, as it would for a finger on a busy phone. Whether the crosshair is still up when the fingers
   * lift depends on where they stop, so the outcome decides, not the crosshair; a crosshair left up is
   * dismissed with a tap before the next try.
   */
  const swipe = async (from: Point[], to: Point[], done: () => Promise<boolean>) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      await gesture(page, cdp, from, to);
      const worked = await expect.poll(done, { timeout: 5_000 }).toBe(true).then(() => true, () => false);
      if (worked || attempt === 3) return;
      if ((await legend.getAttribute('data-hovering')) === 'true') await tap(mid);
      await expect(legend).toHaveAttribute('data-hovering', 'false');
    }
  };

  // Fingers moving apart zoom in: fewer, wider bars. First, so that older bars lie outside the view: a chart
  // that shows all of its history has nothing older to pan to (seen in CI: 45 bars, all in view, and three
  // swipes on a responsive page that did not move it).
  const wide = await view(page);
  const spread = box.width * 0.12;
  await swipe(
    [{ x: mid.x - spread, y: mid.y }, { x: mid.x + spread, y: mid.y }],
    [{ x: mid.x - spread * 2.6, y: mid.y }, { x: mid.x + spread * 2.6, y: mid.y }],
    async () => (await view(page)).bars < wide.bars * 0.8,
  );
  await expect.poll(async () => (await view(page)).bars).toBeLessThan(wide.bars * 0.8);

  // A swipe to the right brings older bars into view.
  const before = await view(page);
  await swipe([mid], [{ x: mid.x + box.width * 0.35, y: mid.y }], async () => (await view(page)).to !== before.to);
  await expect.poll(async () => (await view(page)).to).not.toBe(before.to);
  expect((await view(page)).to < before.to).toBe(true);

  // A vertical swipe over the chart scrolls the page, not the price scale.
  const scrolled = await page.evaluate(() => window.scrollY);
  await swipe([{ x: mid.x, y: box.y + box.height * 0.8 }], [{ x: mid.x, y: box.y + box.height * 0.2 }], async () => (await page.evaluate(() => window.scrollY)) > scrolled + 50);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 50);
});
