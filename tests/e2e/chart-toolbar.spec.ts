import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { signIn } from './support/signIn';
import { closeTradeGuide } from './support/orderForm';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Issue 6, the pro chart's toolbar on the replayed BTCUSDT market with a
 * controlled clock: the 7 chart styles and 14 intervals, pinned intervals,
 * indicators, compare, settings, time frames, display options and keyboard use.
 * Every step checks what a user sees: pressed buttons, menu names, the legend
 * and the bars the chart holds.
 */
const FIRST_CHART_MS = 45_000;

test.describe.configure({ timeout: 120_000 });

const chart = (page: Page) => page.getByTestId('candle-chart');
const legend = (page: Page) => page.getByTestId('chart-legend');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Chart tools' });
const intervals = (page: Page) => toolbar(page).getByRole('group', { name: 'Intervals', exact: true });
const styleButton = (page: Page) => toolbar(page).getByRole('button', { name: /^Chart type: / });
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The chart holds bars of the interval it shows: its legend names it and the canvas has data. */
async function expectBarsOf(page: Page, intervalLabel: string) {
  await expect(legend(page).getByText(`· ${intervalLabel}`, { exact: true })).toBeVisible();
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: FIRST_CHART_MS });
}

async function openChart(page: Page, path = '/en/trade/spot/BTC/USDT') {
  await installClock(page, { time: REPLAY_START });
  await page.goto(path);
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: FIRST_CHART_MS });
}

async function signInAs(page: Page, account = 'u-uta') {
  await signIn(page, account);
  // A new signed-in user first gets the trade guide (market header); it is closed whenever it shows.
  await closeTradeGuide(page);
}

const STYLES = ['Bars', 'Candles', 'Hollow candles', 'Heikin Ashi (average candle)', 'Line', 'Area', 'Baseline'];

/** [accessible name, label on the button and in the legend] of every interval, in the list's order. */
const INTERVALS: Array<[string, string]> = [
  ['1 second', '1s'], ['1 minute', '1m'], ['3 minutes', '3m'], ['5 minutes', '5m'], ['15 minutes', '15m'],
  ['30 minutes', '30m'], ['1 hour', '1h'], ['2 hours', '2h'], ['4 hours', '4h'], ['6 hours', '6h'],
  ['12 hours', '12h'], ['1 day', '1D'], ['1 week', '1W'], ['1 month', '1M'],
];

test('all seven chart styles can be chosen, and the last one is remembered', async ({ page }) => {
  await openChart(page);
  await expect(styleButton(page)).toHaveAccessibleName('Chart type: Candles');
  for (const style of STYLES) {
    await styleButton(page).click();
    const menu = page.getByRole('menu', { name: 'Chart type' });
    await menu.getByRole('menuitemradio', { name: style, exact: true }).click();
    await expect(menu).toHaveCount(0);
    await expect(styleButton(page)).toHaveAccessibleName(`Chart type: ${style}`);
    await expect(legend(page).getByTestId('legend-close')).toHaveText(/^C \d/);
    await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/);
  }
  // The menu marks the chosen style.
  await styleButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: 'Baseline', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemradio', { name: 'Candles', exact: true })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(styleButton(page)).toHaveAccessibleName('Chart type: Baseline', { timeout: FIRST_CHART_MS });
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: FIRST_CHART_MS });
});

/** Chooses each interval from the all-intervals dropdown and checks the chart shows its bars. */
async function chooseEachInterval(page: Page, list: Array<[string, string]>) {
  for (const [long, label] of list) {
    // The accessible name starts with the visible label: "1h (1 hour)".
    const name = `${label} (${long})`;
    await intervals(page).getByRole('button', { name: 'More intervals' }).click();
    const dropdown = page.getByRole('dialog', { name: 'All intervals' });
    await dropdown.getByRole('button', { name, exact: true }).click();
    await expect(dropdown).toHaveCount(0);
    // The chosen interval is a pressed quick button even when it is not pinned.
    await expect(intervals(page).getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(intervals(page).getByRole('button', { pressed: true })).toHaveCount(1);
    await expectBarsOf(page, label);
  }
}

// The 14 intervals in two runs of seven, so each test stays short on a busy machine.
test('the intervals 1s to 30m can be chosen from the dropdown, each drawing its bars', async ({ page }) => {
  await openChart(page);
  await expect(intervals(page).getByRole('button', { name: '30m (30 minutes)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await chooseEachInterval(page, INTERVALS.slice(0, 6));
  expect(await stored(page, 'SPOT_kline_interval')).toBe('30m');
});

test('the intervals 1h to 1M can be chosen from the dropdown, each drawing its bars', async ({ page }) => {
  await openChart(page);
  await chooseEachInterval(page, INTERVALS.slice(6));
  expect(await stored(page, 'SPOT_kline_interval')).toBe('1M');
});

test('pinned intervals are customised, kept after a reload and reset to the defaults', async ({ page }) => {
  await openChart(page);
  const quick = (long: string) => intervals(page).getByRole('button', { name: new RegExp(`\\(${long}\\)$`) });
  await expect(quick('1 hour')).toBeVisible();
  await expect(quick('3 minutes')).toHaveCount(0);

  await intervals(page).getByRole('button', { name: 'More intervals' }).click();
  await page.getByRole('dialog', { name: 'All intervals' }).getByRole('button', { name: 'Customize' }).click();
  const editor = page.getByRole('dialog', { name: 'Customize intervals' });
  await editor.getByRole('checkbox', { name: '3 minutes' }).check();
  await editor.getByRole('checkbox', { name: '1 hour' }).uncheck();
  await editor.getByRole('button', { name: 'Confirm' }).click();
  await expect(editor).toHaveCount(0);
  await expect(quick('3 minutes')).toBeVisible();
  await expect(quick('1 hour')).toHaveCount(0);
  expect(JSON.parse((await stored(page, 'SPOT_tv_intervals')) ?? 'null')).toEqual(['1m', '3m', '15m', '4h', '1d']);

  await page.reload();
  await expect(quick('3 minutes')).toBeVisible({ timeout: FIRST_CHART_MS });
  await expect(quick('1 hour')).toHaveCount(0);
  await quick('3 minutes').click();
  await expect(quick('3 minutes')).toHaveAttribute('aria-pressed', 'true');
  await expectBarsOf(page, '3m');

  await intervals(page).getByRole('button', { name: 'More intervals' }).click();
  await page.getByRole('dialog', { name: 'All intervals' }).getByRole('button', { name: 'Customize' }).click();
  await editor.getByRole('button', { name: 'Reset' }).click();
  await expect(editor.getByRole('checkbox', { name: '1 hour' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: '3 minutes' })).not.toBeChecked();
  await editor.getByRole('button', { name: 'Confirm' }).click();
  await expect(quick('1 hour')).toBeVisible();
  // 3m stays as a quick button while it is the chart's interval; choosing another drops it.
  await quick('1 hour').click();
  await expect(quick('3 minutes')).toHaveCount(0);
  expect(JSON.parse((await stored(page, 'SPOT_tv_intervals')) ?? 'null')).toEqual(['1m', '15m', '1h', '4h', '1d']);
});

test('adding RSI puts its line with a value in the legend; a bad parameter is refused with a message', async ({ page }) => {
  await openChart(page);
  const rsi = legend(page).getByTestId('legend-indicator').filter({ hasText: 'RSI' });
  await expect(rsi).toHaveCount(0);

  await toolbar(page).getByRole('button', { name: 'Indicators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  await dialog.getByRole('button', { name: 'Add Relative strength index (RSI)' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'RSI(14)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(rsi).toHaveText(/^RSI\(14\) \d+(\.\d+)?$/);

  await toolbar(page).getByRole('button', { name: 'Indicators' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: 'RSI(14)' });
  const length = row.getByRole('textbox', { name: 'Length' });
  await length.fill('0');
  await expect(row.getByRole('alert')).toHaveText('The minimum is 1.');
  await expect(length).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Refused: the dialog stays with the field focused, and the chart keeps RSI(14).
  await expect(dialog).toBeVisible();
  await expect(length).toBeFocused();
  await length.fill('x');
  await expect(row.getByRole('alert')).toHaveText('Enter a number.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rsi).toHaveText(/^RSI\(14\) \d/);

  // A valid change applies.
  await toolbar(page).getByRole('button', { name: 'Indicators' }).click();
  await row.getByRole('textbox', { name: 'Length' }).fill('6');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(legend(page).getByTestId('legend-indicator').filter({ hasText: 'RSI' })).toHaveText(/^RSI\(6\) \d/);
});

test('comparing ETH/USDT overlays it with its change in percent in the legend', async ({ page }) => {
  await openChart(page);
  await expect(legend(page).getByTestId('legend-compare')).toHaveCount(0);
  await toolbar(page).getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare symbols' });
  await dialog.getByRole('searchbox', { name: 'Search symbols' }).fill('ETH');
  await dialog.getByRole('button', { name: 'ETH/USDT', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Compared (1/3)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(legend(page).getByTestId('legend-compare')).toHaveText(/^ETHUSDT[+-]\d+\.\d{2}%$/);
  expect(JSON.parse((await stored(page, 'SPOT_kline_layout_v1')) ?? '{}')).toMatchObject({ compare: ['ETHUSDT'] });

  // Removing it takes the row away again.
  await toolbar(page).getByRole('button', { name: 'Compare' }).click();
  await dialog.getByRole('button', { name: 'Remove ETH/USDT' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(legend(page).getByTestId('legend-compare')).toHaveCount(0);
});

test('chart settings turn the grid off and set the timezone, and are kept after a reload', async ({ page }) => {
  await openChart(page);
  const open = async () => {
    await toolbar(page).getByRole('button', { name: 'Chart settings' }).click();
    return page.getByRole('dialog', { name: 'Chart settings' });
  };
  let dialog = await open();
  await expect(dialog.getByRole('combobox', { name: 'Timezone' })).toHaveValue('UTC');
  await dialog.getByRole('checkbox', { name: 'Vertical' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Horizontal' }).uncheck();
  await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('Asia/Singapore');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/);
  expect(JSON.parse((await stored(page, 'SPOT_kline_layout_v1')) ?? '{}')).toMatchObject({
    settings: { gridVertical: false, gridHorizontal: false, timezone: 'Asia/Singapore' },
  });

  await page.reload();
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: FIRST_CHART_MS });
  dialog = await open();
  await expect(dialog.getByRole('checkbox', { name: 'Vertical' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Horizontal' })).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Singapore');
  await expect(dialog.getByRole('combobox', { name: 'Timezone' }).locator('option:checked')).toHaveText('(UTC+8) Asia/Singapore');

  // Reset to defaults brings the grid and UTC back.
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Vertical' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Timezone' })).toHaveValue('UTC');
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(JSON.parse((await stored(page, 'SPOT_kline_layout_v1')) ?? '{}')).toMatchObject({ settings: { gridVertical: true, timezone: 'UTC' } });
});

test('the 1d time frame switches the chart to 1-minute bars', async ({ page }) => {
  await openChart(page);
  const frames = page.getByRole('group', { name: 'Time frames' });
  await frames.getByRole('button', { name: '1d (1 day)', exact: true }).click();
  await expect(frames.getByRole('button', { name: '1d (1 day)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(intervals(page).getByRole('button', { name: '1m (1 minute)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectBarsOf(page, '1m');

  await frames.getByRole('button', { name: '5d (5 days)', exact: true }).click();
  await expect(intervals(page).getByRole('button', { name: '5m (5 minutes)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(frames.getByRole('button', { name: '1d (1 day)', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expectBarsOf(page, '5m');

  // Choosing an interval by hand leaves the time frame.
  await intervals(page).getByRole('button', { name: '1h (1 hour)', exact: true }).click();
  await expect(frames.getByRole('button', { pressed: true })).toHaveCount(0);
  await expectBarsOf(page, '1h');
});

test('a visitor is offered only the quick market trade display option', async ({ page }) => {
  await openChart(page);
  await toolbar(page).getByRole('button', { name: 'Display options' }).click();
  const panel = toolbar(page).getByRole('group', { name: 'Display options' });
  await expect(panel.getByRole('checkbox')).toHaveCount(1);
  await expect(panel.getByRole('checkbox', { name: 'Show quick market trade' })).toBeVisible();
  await expect(panel.getByRole('combobox')).toHaveCount(0);
  await expect(panel.getByRole('switch')).toHaveCount(0);
});

test('a signed-in user sees every display option, and a change is kept after a reload', async ({ page }) => {
  await signInAs(page);
  await openChart(page);
  const button = toolbar(page).getByRole('button', { name: 'Display options' });
  await button.click();
  const panel = toolbar(page).getByRole('group', { name: 'Display options' });
  for (const name of ['Show quick market trade', 'Trade info', 'Show entrust orders', 'Average buy price line', 'Average sell price line']) {
    await expect(panel.getByRole('checkbox', { name, exact: true })).toBeVisible();
  }
  await expect(panel.getByRole('combobox', { name: 'Average buy line period' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Average sell line period' })).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Sync chart settings to app' })).toBeVisible();

  const entrust = panel.getByRole('checkbox', { name: 'Show entrust orders', exact: true });
  const wasOn = await entrust.isChecked();
  await entrust.setChecked(!wasOn);
  await panel.getByRole('combobox', { name: 'Average buy line period' }).selectOption({ label: '1 year' });
  expect(JSON.parse((await stored(page, 'SPOT_kline_display_v1')) ?? '{}')).toMatchObject({ entrust: !wasOn, avgBuyLineDays: 365 });
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.reload();
  await expect(chart(page)).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: FIRST_CHART_MS });
  await button.click();
  await expect(panel.getByRole('checkbox', { name: 'Show entrust orders', exact: true })).toBeChecked({ checked: !wasOn });
  await expect(panel.getByRole('combobox', { name: 'Average buy line period' }).locator('option:checked')).toHaveText('1 year');
});

test('the chart-type menu and the intervals dropdown work by keyboard, and Escape returns focus', async ({ page }) => {
  await openChart(page);
  const menuButton = styleButton(page);
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Chart type' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: 'Candles', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Hollow candles', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toHaveAccessibleName('Chart type: Hollow candles');
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitemradio', { name: 'Baseline', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAccessibleName('Chart type: Hollow candles');

  const more = intervals(page).getByRole('button', { name: 'More intervals' });
  await more.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'All intervals' });
  await expect(list.getByRole('button', { name: '30m (30 minutes)', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(more).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(list.getByRole('button', { name: '30m (30 minutes)', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: '1h (1 hour)', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(intervals(page).getByRole('button', { name: '1h (1 hour)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectBarsOf(page, '1h');

  // A dialog of the toolbar closes on Escape with focus back on its button.
  const indicatorsButton = toolbar(page).getByRole('button', { name: 'Indicators' });
  await indicatorsButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Indicators' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Indicators' })).toBeHidden();
  await expect(indicatorsButton).toBeFocused();
});
