import { expect, test, type Page } from '@playwright/test';

async function panelWidths(page: Page) {
  const chart = await page.locator('#chart-area').boundingBox();
  const book = await page.locator('#orderbook-area').boundingBox();
  if (!chart || !book) throw new Error('panels not laid out');
  return { chart, book };
}

/** Column width of a 120-column grid with 4 px gaps, as react-grid-layout computes it. */
function columns(px: number, gridWidth: number) {
  const col = (gridWidth - 4 * 119) / 120;
  return Math.round((px + 4) / (col + 4));
}

test.describe('desktop grid', () => {
  for (const [width, chart, book] of [[1400, 80, 40], [1800, 96, 24], [2600, 105, 15]] as const) {
    test(`${width} px wide splits chart / order book ${chart}/${book}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto('/en/trade/spot/BTC/USDT');
      await expect(page.locator('#chart-area')).toBeVisible();
      const boxes = await panelWidths(page);
      expect(columns(boxes.chart.width, width - 300)).toBe(chart);
      expect(columns(boxes.book.width, width - 300)).toBe(book);
      expect(boxes.book.x).toBeGreaterThan(boxes.chart.x);
    });
  }

  test('a resized layout survives a reload and the reset dialog restores the default', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    expect(columns((await panelWidths(page)).chart.width, 1100)).toBe(80);
    const handle = page.locator('.react-grid-item:has(#chart-area), #chart-area').locator('.react-resizable-handle').first();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no resize handle on the chart');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 100, box.y + 10, { steps: 8 });
    await page.mouse.move(box.x - 160, box.y + 10, { steps: 8 });
    await page.mouse.up();

    await expect.poll(() => page.evaluate(() => localStorage.getItem('SPOT_grid_layout_customised'))).toBe('1');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('SPOT_grid_layout_v1') ?? '[]'));
    const savedChart = saved.find((item: { i: string }) => item.i === 'chart');
    expect(savedChart.w).toBeLessThan(80);
    await expect.poll(async () => columns((await panelWidths(page)).chart.width, 1100)).toBe(savedChart.w);

    await page.reload();
    await expect(page.locator('#chart-area')).toBeVisible();
    expect(columns((await panelWidths(page)).chart.width, 1100)).toBe(savedChart.w);

    await page.getByRole('button', { name: 'Reset layout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset layout?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => columns((await panelWidths(page)).chart.width, 1100)).toBe(80);
    expect(await page.evaluate(() => localStorage.getItem('SPOT_grid_layout_v1'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('SPOT_grid_layout_customised'))).toBeNull();
  });

  test('a dragged panel stays where it was dropped after a reload; reset puts it back', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const start = await panelWidths(page);
    const header = (await page.locator('#orderbook-area .panel__header').boundingBox())!;
    // Grab the header where there is no tab (tabs are not drag handles) and drop it at the grid's start.
    const grab = { x: header.x + header.width - 20, y: header.y + header.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - 300, grab.y, { steps: 10 });
    await page.mouse.move(start.chart.x + 40, grab.y, { steps: 20 });
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('SPOT_grid_layout_customised'))).toBe('1');
    await expect.poll(async () => Math.round((await panelWidths(page)).book.x)).toBe(Math.round(start.chart.x));
    const dropped = await panelWidths(page);

    await page.reload();
    await expect(page.locator('#orderbook-area')).toBeVisible();
    const restored = await panelWidths(page);
    // Same grid cells; a sub-pixel difference in the page above the grid may round either way.
    expect(Math.abs(restored.book.x - dropped.book.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(restored.book.y - dropped.book.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(restored.chart.y - dropped.chart.y)).toBeLessThanOrEqual(1);

    await page.getByRole('button', { name: 'Reset layout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(async () => Math.round((await panelWidths(page)).book.x)).toBe(Math.round(start.book.x));
    await page.reload();
    expect(Math.round((await panelWidths(page)).book.x)).toBe(Math.round(start.book.x));
  });

  test('Escape closes the reset dialog and keeps the layout', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const before = await panelWidths(page);
    const trigger = page.getByRole('button', { name: 'Reset layout' });
    await trigger.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(trigger).toBeFocused();
    // Sizes and columns are the layout; the announcement bar may have pushed the grid down meanwhile.
    const size = ({ x, width, height }: { x: number; width: number; height: number }) => ({ x, width, height });
    const after = await panelWidths(page);
    expect([size(after.chart), size(after.book)]).toEqual([size(before.chart), size(before.book)]);
  });

  test('ar-SA mirrors the page: order entry, order book, chart from the left; nothing to drag or resize', async ({ page }) => {
    await page.setViewportSize({ width: 1800, height: 1000 });
    await page.goto('/ar-SA/trade/spot/BTC/USDT');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('tab', { name: 'دفتر الأوامر' })).toBeVisible();
    const { chart, book } = await panelWidths(page);
    // Left to right: the order-entry column, then the order book ("first" in RTL), then the chart.
    const side = await page.locator('#spot-trade-container').boundingBox();
    expect(side!.x).toBeLessThan(book.x);
    expect(book.x).toBeLessThan(chart.x);
    expect(columns(book.width, 1500)).toBe(24);
    await expect(page.locator('.react-resizable-handle:visible')).toHaveCount(0);
    // Dragging the order book by its header does nothing.
    const header = await page.locator('#orderbook-area .panel__header').boundingBox();
    await page.mouse.move(header!.x + 10, header!.y + header!.height / 2);
    await page.mouse.down();
    await page.mouse.move(header!.x - 400, header!.y + 200, { steps: 10 });
    await page.mouse.up();
    expect((await panelWidths(page)).book.x).toBe(book.x);
  });

  test('the theme toggle switches to light and is remembered', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  });
});
