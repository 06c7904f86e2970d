import { expect, test } from '@playwright/test';
import { counter, openWithReplayPanel, replay, replayStatus } from './support/market';

/** The replay panel of the demo build: live data through the realtime client, and every control working. */
test.describe('replay panel', () => {
  test('the page shows live market data from the embedded exchange', async ({ page }) => {
    const errors = await openWithReplayPanel(page);
    await expect(page.getByTestId('header-last-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(counter(page, 'last-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(counter(page, 'merged-levels')).toHaveText('40 / 40');
    const frames = Number(await counter(page, 'frames').textContent());
    await page.clock.runFor(3_000);
    await expect.poll(async () => Number(await counter(page, 'frames').textContent())).toBeGreaterThan(frames);
    // Best bid below best ask: a real book, not noise (read with the market standing still).
    await replay(page, { action: 'pause' });
    await page.clock.runFor(700);
    const [bid, ask] = await Promise.all(['best-bid', 'best-ask'].map(async (id) => Number(await counter(page, id).textContent())));
    expect(bid).toBeLessThan(ask!);
    expect(errors).toEqual([]);
  });

  test('pause stops the exchange clock, play and speed move it', async ({ page }) => {
    await openWithReplayPanel(page);
    const panel = page.getByRole('region', { name: 'Market replay' });
    await panel.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const paused = (await replayStatus(page)).replay.time as number;
    await page.clock.runFor(3_000);
    expect((await replayStatus(page)).replay.time).toBe(paused);

    await panel.getByLabel('Speed').selectOption('10');
    await panel.getByRole('button', { name: 'Play', exact: true }).click();
    await page.clock.runFor(2_000);
    const ran = ((await replayStatus(page)).replay.time as number) - paused;
    // Two clock seconds at 10× are twenty exchange seconds, plus 10× whatever real time the test's own steps took
    // (the clock runs between them); at 1× it would be under 10 s.
    expect(ran).toBeGreaterThanOrEqual(19_000);
    expect(ran).toBeLessThanOrEqual(45_000);
  });

  test('seeking moves the replay and the book follows', async ({ page }) => {
    const errors = await openWithReplayPanel(page);
    const panel = page.getByRole('region', { name: 'Market replay' });
    const slider = panel.getByRole('slider', { name: 'Position' });
    // The slider works by keyboard: one step is one second.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.locator('output')).toHaveText(/^00:\d\d \/ 30:00$/);
    // One seek is sent once the slider stops moving.
    await slider.fill('1700000');
    await expect(panel.locator('output')).toHaveText(/^28:2\d \/ 30:00$/);
    // A forward seek replays half an hour of the market: give a busy machine time.
    await expect.poll(async () => (await replayStatus(page)).replay.position as number, { timeout: 30_000 }).toBeGreaterThanOrEqual(1_700_000);
    await page.clock.runFor(1_000);
    await expect(counter(page, 'book-version')).not.toHaveText('—');
    expect(errors).toEqual([]);
  });

  test('a session file can be loaded and picked', async ({ page }) => {
    await openWithReplayPanel(page);
    const header = { format: 'spot-session', version: 1, venue: 'test', source: 'e2e', licence: 'generated', symbols: [{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }], start: 0, end: 60_000, checkpointIntervalMs: 60_000, loopable: true };
    const events = [
      { t: 0, seq: 1, ch: 'snapshot', msg: { s: 'BTCUSDT', b: [[5000000, 100000]], a: [[5000100, 100000]] } },
      { t: 500, seq: 2, ch: 'trade', msg: { s: 'BTCUSDT', id: 1, p: 5000100, q: 1000, m: true } },
      { t: 60_000, seq: 3, ch: 'trade', msg: { s: 'BTCUSDT', id: 2, p: 5000000, q: 1000, m: false } },
    ];
    const text = [header, ...events].map((line) => JSON.stringify(line)).join('\n');
    const panel = page.getByRole('region', { name: 'Market replay' });
    await panel.getByLabel('Load a session file').setInputFiles({ name: 'tiny.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
    await expect(panel.getByLabel('Session', { exact: true })).toHaveValue('tiny.jsonl');
    await page.clock.runFor(2_000);
    await expect(counter(page, 'best-bid')).toHaveText('50000.00');
    await expect(counter(page, 'best-ask')).toHaveText('50001.00');
    // Back to the shipped markets.
    await panel.getByLabel('Session', { exact: true }).selectOption({ label: 'Demo markets (simulated)' });
    await expect(panel.getByLabel('Session', { exact: true })).toHaveValue('demo');
  });

  test('a file that is not a session is refused with a message, and the replay goes on', async ({ page }) => {
    await openWithReplayPanel(page);
    const panel = page.getByRole('region', { name: 'Market replay' });
    await panel.getByLabel('Load a session file').setInputFiles({ name: 'notes.jsonl', mimeType: 'text/plain', buffer: Buffer.from('hello\nworld') });
    await expect(panel.getByRole('alert')).toContainText('session not accepted');
    await expect(panel.getByLabel('Session', { exact: true })).toHaveValue('demo');
  });

  test('works by keyboard: Escape closes the panel and gives focus back', async ({ page }) => {
    await openWithReplayPanel(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Market replay' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Replay' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Market replay' })).toBeVisible();
  });
});
